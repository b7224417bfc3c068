import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { setAnalyticsSignedIn, trackEvent } from '../lib/analytics';
import { useAuth } from '../lib/auth';
import { useConsent } from '../lib/consent-store';

/**
 * A page view on every route change, home included (spec §2), and the signed-in state user_activity needs (spec §6).
 * Nothing happens without Analytics consent; when it is given, the page on screen counts as viewed.
 * Its own component, so consent and auth changes re-render nothing else.
 */
export function PageAnalytics() {
  const { pathname } = useLocation();
  const granted = useConsent().preferences.analytics;
  const signedIn = useAuth().user !== null;

  useEffect(() => {
    setAnalyticsSignedIn(signedIn);
  }, [signedIn]);

  useEffect(() => {
    if (granted) trackEvent('page_view');
  }, [granted, pathname]);

  return null;
}
