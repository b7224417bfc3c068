import { describe, expect, it } from 'vitest';
import {
  ALL_ACCEPTED,
  consentSignals,
  hasStoredConsent,
  initConsent,
  NECESSARY_ONLY,
  readPreferences,
  saveConsent,
  type ConsentEnv,
} from './consent';

function memoryEnv(initial: Record<string, string> = {}, gpc = false) {
  const data = new Map(Object.entries(initial));
  const calls: [string, string, Record<string, unknown>][] = [];
  const env: ConsentEnv = {
    storage: { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) },
    gtag: (command, action, params) => void calls.push([command, action, params]),
    globalPrivacyControl: gpc,
  };
  return { env, data, calls };
}

describe('cookie consent', () => {
  it('shows the banner when nothing is stored and starts with everything denied', () => {
    const { env, calls } = memoryEnv();
    expect(initConsent(env)).toEqual({ consented: false, preferences: NECESSARY_ONLY });
    expect(calls).toEqual([
      [
        'consent',
        'default',
        { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', wait_for_update: 500 },
      ],
    ]);
  });

  it('Accept All stores all four categories and grants every signal', () => {
    const { env, data, calls } = memoryEnv();
    saveConsent(env, ALL_ACCEPTED);
    expect(data.get('cookie-consent')).toBe('true');
    expect(JSON.parse(data.get('cookie-preferences')!)).toEqual({ necessary: true, analytics: true, marketing: true, preferences: true });
    expect(calls.at(-1)).toEqual([
      'consent',
      'update',
      { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
    ]);
  });

  it('Necessary Only denies the advertising signals and sends no analytics update', () => {
    const { env, calls } = memoryEnv();
    saveConsent(env, NECESSARY_ONLY);
    expect(calls.at(-1)).toEqual(['consent', 'update', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }]);
  });

  it('withdrawing analytics sends analytics_storage denied', () => {
    const { env, calls } = memoryEnv();
    saveConsent(env, ALL_ACCEPTED);
    saveConsent(env, { ...ALL_ACCEPTED, analytics: false });
    expect(calls.at(-1)![2].analytics_storage).toBe('denied');
  });

  it('necessary can never be switched off', () => {
    const { env, data } = memoryEnv();
    saveConsent(env, { ...NECESSARY_ONLY, necessary: false } as never);
    expect(JSON.parse(data.get('cookie-preferences')!).necessary).toBe(true);
  });

  it('merges stored preferences on load and applies them', () => {
    const { env, calls } = memoryEnv({ 'cookie-consent': 'true', 'cookie-preferences': '{"analytics":true}' });
    expect(initConsent(env)).toEqual({ consented: true, preferences: { ...NECESSARY_ONLY, analytics: true } });
    expect(calls.at(-1)![2]).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' });
  });

  it('survives corrupt stored preferences', () => {
    const { env } = memoryEnv({ 'cookie-consent': 'true', 'cookie-preferences': '{not json' });
    expect(readPreferences(env.storage)).toEqual(NECESSARY_ONLY);
    expect(hasStoredConsent(env.storage)).toBe(true);
  });

  it('Global Privacy Control keeps marketing denied', () => {
    expect(consentSignals(ALL_ACCEPTED, true)).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
  });
});
