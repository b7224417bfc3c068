// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The app's side of analytics (./analytics.ts): the engine (./analytics-engine.ts, its own tests) comes only with
 * consent. Each test loads the modules afresh, as a page load would: the consent store reads the stored choice once.
 */

interface Body {
  events: { event_type: string; page_url: string }[];
}

let beacon: ReturnType<typeof vi.fn<(url: string, body: string) => boolean>>;

async function pageLoad() {
  vi.resetModules();
  const { trackEvent, setAnalyticsSignedIn } = await import('./analytics');
  const { consentActions } = await import('./consent-store');
  return { trackEvent, setAnalyticsSignedIn, consentActions };
}

const sentEvents = () => beacon.mock.calls.flatMap(([, body]) => (JSON.parse(body) as Body).events);
const hidePage = () => window.dispatchEvent(new Event('pagehide'));

beforeEach(() => {
  localStorage.clear();
  beacon = vi.fn<(url: string, body: string) => boolean>(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  history.replaceState(null, '', '/');
});

afterEach(() => {
  hidePage();
});

describe('trackEvent without consent', () => {
  it('records and sends nothing, and removes an anonymous id left from an earlier choice', async () => {
    localStorage.setItem(STORAGE_KEYS.analyticsId, JSON.stringify({ id: 'A'.repeat(22), day: '2026-11-23' }));
    const { trackEvent } = await pageLoad();
    trackEvent('page_view');
    trackEvent('add_to_cart', { award: 'x' });
    await vi.dynamicImportSettled();
    hidePage();
    expect(beacon).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.analyticsId)).toBeNull();
  });
});

describe('trackEvent with consent', () => {
  it('loads the engine and sends each event with the path of the page it happened on', async () => {
    const { trackEvent, consentActions } = await pageLoad();
    consentActions.acceptAll();
    history.replaceState(null, '', '/store');
    trackEvent('page_view');
    // The visitor moves on before the engine has arrived: the event still belongs to /store.
    history.replaceState(null, '', '/gallery');
    trackEvent('page_view');
    await vi.waitFor(() => {
      hidePage();
      expect(sentEvents().map((e) => [e.event_type, e.page_url])).toEqual([
        ['page_view', '/store'],
        ['page_view', '/gallery'],
      ]);
    });
  });

  it('passes on the signed-in state given before the engine arrived: user_activity counts only then', async () => {
    const { trackEvent, setAnalyticsSignedIn, consentActions } = await pageLoad();
    consentActions.acceptAll();
    setAnalyticsSignedIn(true);
    trackEvent('page_view');
    await vi.waitFor(() => {
      window.dispatchEvent(new Event('pointerdown'));
      hidePage();
      expect(sentEvents().map((e) => e.event_type)).toContain('user_activity');
    });
  });
});
