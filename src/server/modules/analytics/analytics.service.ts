import { sql } from 'drizzle-orm';
import { ANALYTICS_LIMITS, analyticsPath } from '@/contract/analytics';
import type { Db } from '@/server/db/client';
import { addressKey } from '@/server/lib/client-address';
import { tooManyRequests } from '@/server/lib/http-errors';
import { checkRateLimits, pruneRateLimitAttempts, type RateLimitRule } from '../security';

/**
 * track-analytics (spec §7, issue 12, docs/decisions/094): what the browser sent, normalised to what we keep —
 * a path of this site, another site's host, a device class — and stored with ONE insert per batch. The browser
 * sends nothing without analytics consent; the server keeps only what it is sent, and never the IP address.
 */

/**
 * Batches per client address (an IPv6 /64 counts as one) in ten minutes (docs/decisions/094, 109): a browser sends
 * one when 10 events wait, 10 s after the first, or when the page is hidden — a visit costs a request or two, and a
 * flood is held to 120 × 20 events.
 */
export const ANALYTICS_IP_RULE: RateLimitRule = { attemptType: 'analytics_batch_ip', maxAttempts: 120, windowMinutes: 10 };
export const USER_AGENT_MAX = 500;

export type Device = 'mobile' | 'tablet' | 'desktop';

/** One event as validated (zod defaults applied). */
export interface IncomingEvent {
  event_type: string;
  event_category: string;
  event_data: Record<string, unknown>;
  page_url: string;
  referrer?: string | undefined;
}

export interface TrackContext {
  sessionId: string;
  /**
   * The account, only when the session cookie is valid AND the body's CSRF token matches the cookie; looked up
   * after the rate limit, so a flood costs no session lookups.
   */
  resolveUserId: () => Promise<string | null>;
  userAgent: string | null;
  ip: string;
  /** Host names of this site (PUBLIC_URL's, the request's): a page elsewhere is not ours, a referrer here is not a referrer. */
  ownHosts: readonly string[];
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** http(s) URLs only; `//x` and `x.com/y` are read as URLs too, so they cannot pass as paths of this site. */
function parseUrl(raw: string): URL | null {
  const text = raw.trim();
  try {
    if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
      const url = new URL(text);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
    }
    if (text.startsWith('//')) return new URL(`https:${text}`);
    return null;
  } catch {
    return null;
  }
}

/**
 * The path an event's page is kept under: a path of this site with no query or fragment and its secret segments
 * masked (analyticsPath); a full URL counts only when it is of this site. null for anything else.
 */
export function normalisePageUrl(raw: string, ownHosts: readonly string[]): string | null {
  const text = raw.trim();
  if (!text) return null;
  if (text.startsWith('/') && !text.startsWith('//')) return analyticsPath(text);
  const url = parseUrl(text);
  if (!url || !ownHosts.includes(bareHost(url.hostname))) return null;
  return analyticsPath(url.pathname);
}

/**
 * A DNS name as URL gives it (lower case, an IDN as xn--): labels of letters, digits and hyphens, none at a label's
 * ends, at most 253 characters. A web URL's host may hold more (`http://=1+2+3/` has the host `=1+2+3`): that is no
 * site a visitor came from, and would reach the admin's reports and CSV files as typed.
 */
const DNS_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * Only another site's host name (`news.example.com`, without www. or a final dot); this site, anything not a web
 * URL and a host that is not a DNS name are null — the event is kept without a referrer, never refused (analytics
 * never fails the visitor, spec §8).
 */
export function referrerHost(raw: string | undefined, ownHosts: readonly string[]): string | null {
  const text = raw?.trim();
  if (!text) return null;
  const url = parseUrl(text) ?? (/^[a-z0-9.-]+\.[a-z]{2,}(\/|$)/i.test(text) ? parseUrl(`https://${text}`) : null);
  if (!url?.hostname) return null;
  const host = bareHost(url.hostname.replace(/\.$/, ''));
  if (!DNS_NAME.test(host)) return null;
  return ownHosts.includes(host) ? null : host;
}

/** mobile, tablet or desktop from the User-Agent header (tablets first: an Android tablet says Android without Mobile). */
export function deviceOf(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)|SM-T\d|Android(?!.*Mobile)/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile/i.test(ua)) return 'mobile';
  return 'desktop';
}

/** PUBLIC_URL's host and the request's Host, without port or www. */
export function ownHostsOf(publicUrl: string, requestHost: string | undefined): string[] {
  const hosts = new Set([bareHost(new URL(publicUrl).hostname)]);
  if (requestHost) {
    try {
      hosts.add(bareHost(new URL(`http://${requestHost}`).hostname));
    } catch {
      // a Host header no URL can hold: only PUBLIC_URL counts
    }
  }
  return [...hosts];
}

interface Row {
  event_type: string;
  event_category: string;
  event_data: Record<string, unknown>;
  page_url: string | null;
  referrer: string | null;
}

/**
 * Stores a batch and answers how many events were accepted. user_activity is kept only for a signed-in user and at
 * most once per 30 s per user (spec §9), and order_completed once per order: extras are dropped silently, within the batch here and against the stored
 * ones in the insert itself — under a per-user advisory lock, so two batches at once cannot both pass.
 */
export async function trackEvents(db: Db, ctx: TrackContext, events: readonly IncomingEvent[]): Promise<number> {
  const limit = await checkRateLimits(db, [{ identifier: addressKey(ctx.ip), rule: ANALYTICS_IP_RULE }], ctx.ip);
  if (!limit.allowed) {
    throw tooManyRequests('Too many analytics requests from this address. Try again in a few minutes.', 'RATE_LIMITED', {
      retryAfterSeconds: ANALYTICS_IP_RULE.windowMinutes * 60,
    });
  }
  await pruneRateLimitAttempts(db, ANALYTICS_IP_RULE);
  const userId = await ctx.resolveUserId();

  let activitySeen = false;
  const ordersSeen = new Set<string>();
  const rows: Row[] = [];
  for (const e of events) {
    if (e.event_type === 'user_activity') {
      if (!userId || activitySeen) continue;
      activitySeen = true;
    }
    const orderId = e.event_type === 'order_completed' ? e.event_data.order_id : undefined;
    if (typeof orderId === 'string') {
      if (ordersSeen.has(orderId)) continue;
      ordersSeen.add(orderId);
    }
    rows.push({
      event_type: e.event_type,
      event_category: e.event_category,
      event_data: e.event_data,
      page_url: normalisePageUrl(e.page_url, ctx.ownHosts),
      referrer: referrerHost(e.referrer, ctx.ownHosts),
    });
  }
  if (!rows.length) return 0;

  const userAgent = ctx.userAgent ? ctx.userAgent.slice(0, USER_AGENT_MAX) : null;
  const interval = `${ANALYTICS_LIMITS.userActivityIntervalMs} milliseconds`;
  const insert = (tx: Pick<Db, 'execute'>) =>
    tx.execute(sql`
      insert into analytics_events (event_type, event_category, event_data, page_url, referrer, user_agent, device, session_id, user_id)
      select v.event_type, v.event_category, coalesce(v.event_data, '{}'::jsonb), v.page_url, v.referrer,
             ${userAgent}, ${deviceOf(userAgent)}, ${ctx.sessionId}, ${userId}::uuid
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as v(event_type text, event_category text, event_data jsonb, page_url text, referrer text)
      where (v.event_type <> 'user_activity'
         or not exists (
              select 1 from analytics_events a
              where a.user_id = ${userId}::uuid and a.event_type = 'user_activity'
                and a.created_at > now() - ${interval}::interval))
        -- An order completes once: a reload of its success page is not a second one.
        and (v.event_type <> 'order_completed' or v.event_data->>'order_id' is null
         or not exists (
              select 1 from analytics_events a
              where a.event_type = 'order_completed' and a.event_data->>'order_id' = v.event_data->>'order_id'))
      returning 1`);
  const result = activitySeen
    ? await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`analytics.user_activity:${userId}`}))`);
        return insert(tx);
      })
    : await insert(db);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
