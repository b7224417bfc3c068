// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_LIMITS, MAX_TRACK_BODY_BYTES, trackAnalyticsBodySchema } from '@/contract/analytics';
import { AUTH_COOKIES } from '@/contract/auth-cookies';
import {
  ANALYTICS_ENDPOINT,
  BATCH_MAX,
  BODY_MAX_BYTES,
  createAnalytics,
  EVENT_DATA_MAX_BYTES,
  FLUSH_AFTER_MS,
  FLUSH_AT,
  URL_MAX,
  USER_ACTIVITY_INTERVAL_MS,
  type Analytics,
} from './analytics-engine';
import { STORAGE_KEYS } from './storage-keys';

interface Body {
  session_id: string;
  csrf_token?: string;
  events: { event_type: string; page_url: string; referrer?: string; event_data: Record<string, unknown> }[];
}

function fakeConsent(initial: boolean) {
  let granted = initial;
  const listeners = new Set<() => void>();
  return {
    granted: () => granted,
    subscribe(l: () => void) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    set(value: boolean) {
      granted = value;
      listeners.forEach((l) => l());
    },
  };
}

let beacon: ReturnType<typeof vi.fn<(url: string, body: string) => boolean>>;
let fetchMock: ReturnType<typeof vi.fn>;
let instances: Analytics[] = [];

function make(granted: boolean) {
  const consent = fakeConsent(granted);
  const a = createAnalytics(consent);
  instances.push(a);
  return { a, consent };
}

const sent = (): Body[] => beacon.mock.calls.map(([, body]) => JSON.parse(body) as Body);
const sentTypes = () => sent().flatMap((b) => b.events.map((e) => e.event_type));
const hidePage = () => window.dispatchEvent(new Event('pagehide'));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
  localStorage.clear();
  beacon = vi.fn<(url: string, body: string) => boolean>(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
  vi.stubGlobal('fetch', fetchMock);
  history.replaceState(null, '', '/');
});

afterEach(() => {
  instances.forEach((a) => a.dispose());
  instances = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.cookie = `${AUTH_COOKIES.csrf}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('analytics without consent', () => {
  it('queues nothing, sends nothing and writes nothing to storage', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const { a } = make(false);
    a.setSignedIn(true);
    a.track('page_view');
    a.track('session_start', { user_id: 'u1' });
    window.dispatchEvent(new Event('pointerdown'));
    for (let i = 0; i < 12; i++) a.track('add_to_cart');
    expect(a.pending()).toBe(0);
    hidePage();
    vi.advanceTimersByTime(FLUSH_AFTER_MS * 3);
    expect(beacon).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(setItem).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
  });
});

describe('analytics with consent', () => {
  it('sends the waiting events in one beacon when the page is hidden, in the shape the server reads', () => {
    Object.defineProperty(document, 'referrer', { value: 'https://search.example/?q=awards', configurable: true });
    const { a } = make(true);
    a.track('page_view');
    history.pushState(null, '', '/gallery?search=secret');
    a.track('page_view');
    a.track('certificate_shared', { channel: 'x' });
    expect(beacon).not.toHaveBeenCalled();

    hidePage();
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0]![0]).toBe(ANALYTICS_ENDPOINT);
    const body = sent()[0]!;
    expect(trackAnalyticsBodySchema.safeParse(body).success).toBe(true);
    expect(body.session_id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(body.events.map((e) => [e.event_type, e.page_url])).toEqual([
      ['page_view', '/'],
      ['page_view', '/gallery'],
      ['certificate_shared', '/gallery'],
    ]);
    // The referrer goes with the first page view only.
    expect(body.events.map((e) => e.referrer)).toEqual(['https://search.example/?q=awards', undefined, undefined]);
    expect(body.events[2]!.event_data).toEqual({ channel: 'x' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.analyticsId)!)).toEqual({ id: body.session_id, day: '2026-11-23' });

    // Nothing waits any more: hiding again sends nothing.
    hidePage();
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('also sends when the tab becomes hidden', () => {
    const { a } = make(true);
    a.track('page_view');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(sentTypes()).toEqual(['page_view']);
  });

  it('sends as soon as 10 events wait, and 10 s after the first otherwise', () => {
    const { a } = make(true);
    for (let i = 0; i < FLUSH_AT - 1; i++) a.track('add_to_cart');
    expect(beacon).not.toHaveBeenCalled();
    a.track('checkout_started');
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(sent()[0]!.events).toHaveLength(FLUSH_AT);

    a.track('order_completed', { order_id: 'o1' });
    vi.advanceTimersByTime(FLUSH_AFTER_MS - 1);
    expect(beacon).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(beacon).toHaveBeenCalledTimes(2);
    expect(sent()[1]!.events.map((e) => e.event_type)).toEqual(['order_completed']);
  });

  it('falls back to fetch with keepalive when sendBeacon refuses, and only logs a failure', async () => {
    beacon.mockReturnValue(false);
    fetchMock.mockRejectedValue(new TypeError('offline'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { a } = make(true);
    a.track('page_view');
    hidePage();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(ANALYTICS_ENDPOINT);
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect((JSON.parse(init.body as string) as Body).events[0]!.event_type).toBe('page_view');
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
  });

  it('uses fetch when the browser has no sendBeacon', () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true, writable: true });
    const { a } = make(true);
    a.track('page_view');
    hidePage();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('puts the CSRF token in the body so the server can attribute a signed-in visit', () => {
    document.cookie = `${AUTH_COOKIES.csrf}=tok%2Ben; path=/`;
    const { a } = make(true);
    a.track('session_start', { user_id: 'u1' });
    hidePage();
    expect(sent()[0]!.csrf_token).toBe('tok+en');
  });

  it('splits a batch that would be too big for the server', () => {
    const { a } = make(true);
    // 1,000 characters of JSON each (within the contract's limit), 3 bytes apiece in UTF-8.
    for (let i = 0; i < FLUSH_AT; i++) a.track('certificate_shared', { note: '€'.repeat(1000) });
    expect(beacon.mock.calls.length).toBeGreaterThan(1);
    for (const [, body] of beacon.mock.calls) expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(BODY_MAX_BYTES);
    expect(sent().flatMap((b) => b.events)).toHaveLength(FLUSH_AT);
  });

  it('sends event_data over the size limit without it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { a } = make(true);
    a.track('nomination_created', { note: 'x'.repeat(EVENT_DATA_MAX_BYTES) });
    hidePage();
    expect(sent()[0]!.events[0]!.event_data).toEqual({});
    expect(warn).toHaveBeenCalled();
  });
});

describe('user_activity', () => {
  const activity = () => sentTypes().filter((t) => t === 'user_activity').length;

  it('is never recorded for a signed-out visitor', () => {
    const { a } = make(true);
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    a.track('user_activity');
    hidePage();
    expect(activity()).toBe(0);
  });

  it('is recorded on real interaction at most once per 30,000 ms while signed in', () => {
    const { a } = make(true);
    a.setSignedIn(true);
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(USER_ACTIVITY_INTERVAL_MS - 1);
    window.dispatchEvent(new Event('pointerdown'));
    hidePage();
    expect(activity()).toBe(1);

    vi.advanceTimersByTime(1);
    window.dispatchEvent(new Event('keydown'));
    hidePage();
    expect(activity()).toBe(2);

    // Signing out stops it.
    a.setSignedIn(false);
    vi.advanceTimersByTime(USER_ACTIVITY_INTERVAL_MS);
    window.dispatchEvent(new Event('pointerdown'));
    hidePage();
    expect(activity()).toBe(2);
  });
});

describe('the anonymous id', () => {
  it('stays the same all (UTC) day and is new the next one', () => {
    const { a } = make(true);
    a.track('page_view');
    hidePage();
    vi.setSystemTime(new Date('2026-11-23T23:59:00Z'));
    a.track('page_view');
    hidePage();
    vi.setSystemTime(new Date('2026-11-24T00:01:00Z'));
    a.track('page_view');
    hidePage();
    const [first, sameDay, nextDay] = sent().map((b) => b.session_id);
    expect(sameDay).toBe(first);
    expect(nextDay).not.toBe(first);
    expect(nextDay).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.analyticsId)!)).toEqual({ id: nextDay, day: '2026-11-24' });
  });

  it("keeps today's stored id across page loads and replaces yesterday's", () => {
    localStorage.setItem(STORAGE_KEYS.analyticsId, JSON.stringify({ id: 'A'.repeat(22), day: '2026-11-23' }));
    make(true).a.track('page_view');
    hidePage();
    expect(sent()[0]!.session_id).toBe('A'.repeat(22));

    localStorage.setItem(STORAGE_KEYS.analyticsId, JSON.stringify({ id: 'B'.repeat(22), day: '2026-11-22' }));
    make(true).a.track('page_view');
    hidePage();
    expect(sent().at(-1)!.session_id).not.toBe('B'.repeat(22));
  });
});

describe('consent changes', () => {
  it('starts when Analytics is allowed later', () => {
    const { a, consent } = make(false);
    a.track('page_view');
    consent.set(true);
    a.track('page_view');
    hidePage();
    expect(sentTypes()).toEqual(['page_view']);
  });

  it('on withdrawal drops what waits, removes the id and sends nothing more', () => {
    const { a, consent } = make(true);
    a.track('page_view');
    hidePage();
    expect(localStorage.getItem(STORAGE_KEYS.analyticsId)).not.toBeNull();
    a.track('page_view');
    a.track('add_to_cart');
    consent.set(false);
    expect(a.pending()).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.analyticsId)).toBeNull();
    a.track('page_view');
    hidePage();
    vi.advanceTimersByTime(FLUSH_AFTER_MS);
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('removes an id left from an earlier choice when the page loads without consent', () => {
    localStorage.setItem(STORAGE_KEYS.analyticsId, JSON.stringify({ id: 'A'.repeat(22), day: '2026-11-23' }));
    make(false);
    expect(localStorage.getItem(STORAGE_KEYS.analyticsId)).toBeNull();
  });
});

it('uses the limits of the contract', () => {
  expect(BATCH_MAX).toBe(ANALYTICS_LIMITS.batchMax);
  expect(EVENT_DATA_MAX_BYTES).toBe(ANALYTICS_LIMITS.eventDataMaxBytes);
  expect(URL_MAX).toBe(ANALYTICS_LIMITS.urlMax);
  expect(USER_ACTIVITY_INTERVAL_MS).toBe(ANALYTICS_LIMITS.userActivityIntervalMs);
  expect(FLUSH_AT).toBeLessThanOrEqual(BATCH_MAX);
  expect(BODY_MAX_BYTES).toBeLessThan(MAX_TRACK_BODY_BYTES);
});
