import { STORAGE_KEYS } from './storage-keys';

/**
 * What the app's side of analytics (./analytics.ts) and its lazily loaded engine (./analytics-engine.ts) both do, in
 * a module of its own so that the engine does not import the module that loads it.
 */

/** Spec §10: analytics failures are only logged, never shown. */
export function report(what: string, detail?: unknown) {
  console.warn(`analytics: ${what}`, detail ?? '');
}

/** Removes the anonymous id (consent withdrawn, or never given): removing a missing key writes nothing. */
export function forgetAnalyticsId() {
  try {
    localStorage.removeItem(STORAGE_KEYS.analyticsId);
  } catch {
    // Nothing stored, then.
  }
}
