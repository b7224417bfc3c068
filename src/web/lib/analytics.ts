import type { AnalyticsEventType } from '@/contract/analytics';
import type { Analytics } from './analytics-engine';
import { getConsentPreferences, subscribeConsent } from './consent-store';
import { forgetAnalyticsId, report } from './analytics-common';

/**
 * What pages call to record an event (spec §9; docs/decisions/097). The engine that queues and sends events
 * (./analytics-engine.ts) is downloaded the first time an event is recorded with the visitor's consent, not with the
 * app (decision 145): a first visit has not consented yet, and so never loads it. An event keeps the path of the page
 * it happened on, even when the engine arrives after a navigation.
 */

let engine: Promise<Analytics> | undefined;
let signedIn = false;
let staleIdChecked = false;

function loadEngine(): Promise<Analytics> {
  engine ??= import('./analytics-engine').then(
    ({ createAnalytics }) => {
      const instance = createAnalytics({ granted: () => getConsentPreferences().analytics, subscribe: subscribeConsent });
      instance.setSignedIn(signedIn);
      return instance;
    },
    (error: unknown) => {
      // Tried again with the next event.
      engine = undefined;
      throw error;
    },
  );
  return engine;
}

/**
 * Without consent: nothing is recorded, and an anonymous id left from an earlier choice (withdrawn in another tab)
 * is removed, once per page.
 */
function forgetStaleId() {
  if (staleIdChecked) return;
  staleIdChecked = true;
  forgetAnalyticsId();
}

/**
 * Records an event (spec §9: session_start on sign-in; page views come from app/page-analytics.tsx). Does nothing
 * at all unless the visitor allowed Analytics; never throws, never shows anything.
 */
export function trackEvent(eventType: AnalyticsEventType, data: Record<string, unknown> = {}) {
  if (typeof window === 'undefined') return;
  try {
    if (!getConsentPreferences().analytics) {
      forgetStaleId();
      return;
    }
    const pagePath = location.pathname;
    loadEngine().then(
      (instance) => instance.track(eventType, data, undefined, pagePath),
      (error: unknown) => report(`${eventType} was not recorded`, error),
    );
  } catch (error) {
    report(`${eventType} was not recorded`, error);
  }
}

/** The auth state, from app/page-analytics.tsx: user_activity is recorded only for signed-in visitors. */
export function setAnalyticsSignedIn(value: boolean) {
  signedIn = value;
  void engine?.then((instance) => instance.setSignedIn(value)).catch(() => undefined);
}
