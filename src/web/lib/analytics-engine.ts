import type { AnalyticsEvent, AnalyticsEventType, TrackAnalyticsBody } from '@/contract/analytics';
import { AUTH_COOKIES } from '@/contract/auth-cookies';
import { forgetAnalyticsId, report } from './analytics-common';
import { STORAGE_KEYS } from './storage-keys';

/**
 * Our own product analytics (spec §3 "Analytics event", §7 track-analytics, §9; docs/decisions/097). Nothing is kept
 * or sent until the visitor allowed Analytics in the cookie banner. With consent, events wait in memory and leave in
 * batches by sendBeacon — when the page is hidden or left, when 10 are waiting, or 10 s after the first — so a visit
 * costs a request or two. Withdrawing consent drops what waits and the anonymous id. Only types are imported from the
 * contract: its zod schemas stay off the first page. The app loads this module only once the visitor has allowed
 * Analytics (./analytics.ts, decision 145): a first visit, which has not, never downloads it.
 */

export const ANALYTICS_ENDPOINT = '/api/analytics/events';
/** ANALYTICS_LIMITS of the contract, repeated here so the schemas stay out of this bundle (analytics.test.ts compares). */
export const BATCH_MAX = 20;
export const EVENT_DATA_MAX_BYTES = 2048;
export const URL_MAX = 2000;
/** A body stays under the server's MAX_TRACK_BODY_BYTES (32 KB), and well under sendBeacon's 64 KB. */
export const BODY_MAX_BYTES = 30_000;
/** Spec §9: user_activity at most once per 30,000 ms. */
export const USER_ACTIVITY_INTERVAL_MS = 30_000;
/** A batch leaves once this many events wait… */
export const FLUSH_AT = 10;
/** …or this long after the first of them was queued. */
export const FLUSH_AFTER_MS = 10_000;

/** Where the visitor's Analytics choice comes from (the consent store; a fake in tests). */
export interface ConsentSource {
  granted(): boolean;
  subscribe(listener: () => void): () => void;
}

/**
 * The calendar day the anonymous id belongs to: the UTC day, as the server counts visitors (one id per visitor per
 * day, docs/decisions/094), so a visitor is never two visitors of one day because their midnight came first.
 */
function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** 16 random bytes as base64url: 22 characters, 128 bits. */
function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function readCookie(name: string): string | undefined {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
}

export function createAnalytics(consent: ConsentSource) {
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Used when localStorage refuses (private modes): the id then lasts as long as the page. */
  let memoryId: { id: string; day: string } | undefined;
  let referrerSent = false;
  let signedIn = false;
  let lastActivity = Number.NEGATIVE_INFINITY;
  let pageListeners = false;
  let activityListeners = false;

  /** The anonymous id of today, made (and stored) on first use. Only ever called with consent. */
  function sessionId(): string {
    const day = utcDay();
    if (memoryId?.day === day) return memoryId.id;
    try {
      const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.analyticsId) ?? 'null') as { id?: unknown; day?: unknown } | null;
      if (stored && stored.day === day && typeof stored.id === 'string' && /^[A-Za-z0-9_-]{22,64}$/.test(stored.id)) {
        memoryId = { id: stored.id, day };
        return stored.id;
      }
    } catch {
      // Unreadable or refused: a new id below.
    }
    memoryId = { id: newId(), day };
    try {
      localStorage.setItem(STORAGE_KEYS.analyticsId, JSON.stringify(memoryId));
    } catch {
      // Storage refused: the id lives in memory for this page only.
    }
    return memoryId.id;
  }

  function send(body: string) {
    let queued = false;
    try {
      queued = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ANALYTICS_ENDPOINT, body);
    } catch (err) {
      report('sendBeacon threw', err);
    }
    if (queued) return;
    // No sendBeacon, or the browser would not queue it (too big, too many): a fetch that outlives the page instead.
    // text/plain as sendBeacon sends it, so both take the same way into the server.
    void fetch(ANALYTICS_ENDPOINT, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    })
      .then((res) => {
        if (!res.ok) report(`the server answered ${res.status}`);
      })
      .catch((err: unknown) => report('the events were not sent', err));
  }

  /** Sends everything waiting, in batches of at most BATCH_MAX events and BODY_MAX_BYTES. */
  function flush() {
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    if (!consent.granted()) {
      queue = [];
      return;
    }
    const session_id = sessionId();
    // sendBeacon cannot set headers: the CSRF token goes in the body, and only with it does the server attribute the
    // events to the signed-in account (a visitor without a session stays anonymous whatever the body holds).
    const csrf_token = readCookie(AUTH_COOKIES.csrf);
    const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
    while (queue.length > 0) {
      const events: AnalyticsEvent[] = [];
      let size = bytes({ session_id, events, csrf_token });
      while (queue.length > 0 && events.length < BATCH_MAX) {
        const next = bytes(queue[0]) + 1;
        if (events.length > 0 && size + next > BODY_MAX_BYTES) break;
        events.push(queue.shift()!);
        size += next;
      }
      const body: TrackAnalyticsBody = { session_id, events, ...(csrf_token ? { csrf_token } : {}) };
      send(JSON.stringify(body));
    }
  }

  const onPageHide = () => flush();
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const onActivity = () => track('user_activity');

  function listenToPage(on: boolean) {
    if (on === pageListeners) return;
    pageListeners = on;
    const method = on ? 'addEventListener' : 'removeEventListener';
    window[method]('pagehide', onPageHide);
    document[method]('visibilitychange', onVisibility);
  }

  /** Real interaction of a signed-in visitor who allowed analytics: pointer, keys, scrolling (spec §6, §9). */
  function listenToActivity(on: boolean) {
    if (on === activityListeners) return;
    activityListeners = on;
    const method = on ? 'addEventListener' : 'removeEventListener';
    for (const type of ['pointerdown', 'keydown', 'scroll'] as const) window[method](type, onActivity, { capture: true, passive: true });
  }

  /** Follows the cookie choice: granted starts listening; withdrawn drops the queue and forgets the id. */
  function sync() {
    const granted = consent.granted();
    listenToPage(granted);
    listenToActivity(granted && signedIn);
    if (granted) return;
    clearTimeout(timer);
    timer = undefined;
    queue = [];
    memoryId = undefined;
    // Also an id left from before a withdrawal this page did not see (another tab).
    forgetAnalyticsId();
  }

  /** `pagePath`: where the event happened, when it is recorded later (./analytics.ts loads this module first). */
  function track(eventType: AnalyticsEventType, data: Record<string, unknown> = {}, category?: string, pagePath = location.pathname) {
    if (!consent.granted()) return;
    if (eventType === 'user_activity') {
      if (!signedIn) return;
      const now = Date.now();
      if (now - lastActivity < USER_ACTIVITY_INTERVAL_MS) return;
      lastActivity = now;
    }
    let event_data = data;
    if (JSON.stringify(data).length > EVENT_DATA_MAX_BYTES) {
      report(`${eventType}: event_data over ${EVENT_DATA_MAX_BYTES} bytes, sent without it`);
      event_data = {};
    }
    const event: AnalyticsEvent = {
      event_type: eventType,
      event_data,
      // The path only: query strings may carry tokens; the server masks secret segments (analyticsPath). No
      // user_agent: the server reads the User-Agent header.
      page_url: pagePath.slice(0, URL_MAX),
      ...(category ? { event_category: category } : {}),
    };
    if (eventType === 'page_view' && !referrerSent) {
      referrerSent = true;
      if (document.referrer) event.referrer = document.referrer.slice(0, URL_MAX);
    }
    queue.push(event);
    listenToPage(true);
    if (queue.length >= FLUSH_AT) flush();
    else timer ??= setTimeout(flush, FLUSH_AFTER_MS);
  }

  const unsubscribe = consent.subscribe(sync);
  sync();

  return {
    track,
    flush,
    /** The auth state, from app/page-analytics.tsx: user_activity is recorded only for signed-in visitors. */
    setSignedIn(value: boolean) {
      signedIn = value;
      listenToActivity(consent.granted() && signedIn);
    },
    /** For tests: stop listening. */
    dispose() {
      unsubscribe();
      listenToPage(false);
      listenToActivity(false);
      clearTimeout(timer);
    },
    /** For tests: what waits. */
    pending: () => queue.length,
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;
