import { useSyncExternalStore } from 'react';
import {
  ALL_ACCEPTED,
  initConsent,
  NECESSARY_ONLY,
  saveConsent,
  type ConsentEnv,
  type CookiePreferences,
} from './consent';
import { getGtag } from './gtag';

interface ConsentState {
  /** The banner shows until a choice is stored; the X hides it for this page view only. */
  bannerVisible: boolean;
  dialogOpen: boolean;
  preferences: CookiePreferences;
}

let env: ConsentEnv | null = null;
let state: ConsentState | null = null;
const listeners = new Set<() => void>();

function getEnv(): ConsentEnv {
  env ??= {
    storage: window.localStorage,
    gtag: getGtag() as ConsentEnv['gtag'],
    globalPrivacyControl: navigator.globalPrivacyControl === true,
  };
  return env;
}

function getState(): ConsentState {
  if (!state) {
    const { consented, preferences } = initConsent(getEnv());
    state = { bannerVisible: !consented, dialogOpen: false, preferences };
  }
  return state;
}

function set(patch: Partial<ConsentState>) {
  state = { ...getState(), ...patch };
  listeners.forEach((l) => l());
}

function choose(prefs: CookiePreferences) {
  const preferences = saveConsent(getEnv(), prefs);
  set({ preferences, bannerVisible: false, dialogOpen: false });
}

export const consentActions = {
  acceptAll: () => choose(ALL_ACCEPTED),
  necessaryOnly: () => choose(NECESSARY_ONLY),
  save: (prefs: CookiePreferences) => choose(prefs),
  /** The X: hides the banner for now and stores nothing (spec §4). */
  dismiss: () => set({ bannerVisible: false }),
  openPreferences: () => set({ dialogOpen: true }),
  closePreferences: () => set({ dialogOpen: false }),
  globalPrivacyControl: () => getEnv().globalPrivacyControl === true,
};

/** The stored choice, for code outside React (lib/analytics.ts). */
export function getConsentPreferences(): CookiePreferences {
  return getState().preferences;
}

/** Calls `listener` after every change of the consent state (outside React); returns the unsubscribe. */
export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * What the server renders (it cannot read this browser's choice): no banner. The browser shows the banner right
 * after hydration when no choice is stored; it is fixed at the bottom, so nothing moves.
 */
const SERVER_STATE: ConsentState = { bannerVisible: false, dialogOpen: false, preferences: NECESSARY_ONLY };

export function useConsent(): ConsentState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getState,
    () => SERVER_STATE,
  );
}
