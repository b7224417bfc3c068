import { getGtag } from './gtag';

/**
 * Records a user event (spec §9: session_start on sign-in). Commands go to the Google tag queue,
 * which only sends anything when Analytics consent is granted (consent mode). The server-side
 * track-analytics endpoint arrives with the analytics work.
 */
export function trackEvent(eventType: string, data: Record<string, unknown> = {}) {
  getGtag()('event', eventType, { event_category: 'user_action', ...data });
}
