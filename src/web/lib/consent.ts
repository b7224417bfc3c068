import { STORAGE_KEYS } from './storage-keys';

/** Spec §3 "Cookie preferences": necessary is always true. */
export interface CookiePreferences {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
}

export const NECESSARY_ONLY: CookiePreferences = {
  necessary: true,
  analytics: false,
  marketing: false,
  preferences: false,
};

export const ALL_ACCEPTED: CookiePreferences = {
  necessary: true,
  analytics: true,
  marketing: true,
  preferences: true,
};

type Gtag = (command: 'consent', action: 'default' | 'update', params: Record<string, unknown>) => void;

export interface ConsentEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  gtag: Gtag;
  /** Global Privacy Control: the browser asks us not to sell or share; marketing stays off. */
  globalPrivacyControl?: boolean;
}

/** Whether the visitor has made a choice yet; no stored consent → show the banner. */
export function hasStoredConsent(storage: ConsentEnv['storage']): boolean {
  return storage.getItem(STORAGE_KEYS.cookieConsent) !== null;
}

/** Stored preferences merged over "necessary only" (older or partial values stay valid). */
export function readPreferences(storage: ConsentEnv['storage']): CookiePreferences {
  const raw = storage.getItem(STORAGE_KEYS.cookiePreferences);
  if (!raw) return { ...NECESSARY_ONLY };
  try {
    const stored = JSON.parse(raw) as Partial<Record<keyof CookiePreferences, unknown>>;
    return {
      necessary: true,
      analytics: stored.analytics === true,
      marketing: stored.marketing === true,
      preferences: stored.preferences === true,
    };
  } catch {
    return { ...NECESSARY_ONLY };
  }
}

/** The Google consent-mode signals for a set of preferences. */
export function consentSignals(prefs: CookiePreferences, gpc = false) {
  const marketing = prefs.marketing && !gpc ? 'granted' : 'denied';
  return {
    analytics_storage: prefs.analytics ? 'granted' : 'denied',
    ad_storage: marketing,
    ad_user_data: marketing,
    ad_personalization: marketing,
  } as const;
}

/**
 * Sends the consent update to the analytics tag. Analytics is updated only when it is granted
 * (spec §4) or when it was granted before and is now withdrawn; marketing always sends its three
 * advertising signals, granted or denied.
 */
export function applyPreferences(env: ConsentEnv, prefs: CookiePreferences, previous?: CookiePreferences) {
  const signals = consentSignals(prefs, env.globalPrivacyControl);
  const update: Record<string, string> = {
    ad_storage: signals.ad_storage,
    ad_user_data: signals.ad_user_data,
    ad_personalization: signals.ad_personalization,
  };
  if (prefs.analytics || previous?.analytics) update.analytics_storage = signals.analytics_storage;
  env.gtag('consent', 'update', update);
}

/** Records a choice (Accept All, Necessary Only or Save Preferences) and applies it. */
export function saveConsent(env: ConsentEnv, prefs: CookiePreferences): CookiePreferences {
  const previous = hasStoredConsent(env.storage) ? readPreferences(env.storage) : undefined;
  const value: CookiePreferences = { ...prefs, necessary: true };
  env.storage.setItem(STORAGE_KEYS.cookieConsent, 'true');
  env.storage.setItem(STORAGE_KEYS.cookiePreferences, JSON.stringify(value));
  applyPreferences(env, value, previous);
  return value;
}

/** On load: everything denied by default, then the stored choice (if any) applied. */
export function initConsent(env: ConsentEnv): { consented: boolean; preferences: CookiePreferences } {
  env.gtag('consent', 'default', {
    analytics_storage: 'denied',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    wait_for_update: 500,
  });
  const consented = hasStoredConsent(env.storage);
  const preferences = readPreferences(env.storage);
  if (consented) applyPreferences(env, preferences);
  return { consented, preferences };
}
