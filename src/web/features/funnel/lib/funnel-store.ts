import type { FunnelStep } from '@/contract/funnel';
import { STORAGE_KEYS } from '@/web/lib/storage-keys';

/**
 * The funnel's data in this browser (spec §3, §4, §9): kept in localStorage under `{product}_funnel` so a reload, a
 * return from the payment page or a second tab finds the order again. The rules are spec §4's:
 *  - set replaces the data and saves it;
 *  - update merges into the data only when there is data (nothing to merge into: nothing happens);
 *  - clear removes it;
 *  - on load the stored data is restored.
 * The server stays the truth about the order: this only remembers which order, and its link token.
 */

/** The product part of the key (spec §9 `{product}_funnel`): the shop's one funnel. */
export const FUNNEL_PRODUCT = 'certifiable';

export interface FunnelData {
  order_id: string;
  /** The order's access token, from the payment's return link. */
  token: string;
  order_number?: string;
  /** The step this browser last showed. */
  step?: FunnelStep;
  /** Funnel steps already sent to analytics for this order (each once). */
  tracked?: string[];
}

export function funnelKey(product: string = FUNNEL_PRODUCT): string {
  return STORAGE_KEYS.funnel(product);
}

const isStr = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** The stored data, or null when there is none or it is unreadable (a hand edit, another version). */
export function readFunnelData(storage: Storage | null, product?: string): FunnelData | null {
  const raw = safe(() => storage?.getItem(funnelKey(product)) ?? null, null);
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Record<string, unknown>;
    if (typeof d !== 'object' || d === null || !isStr(d.order_id) || !isStr(d.token)) return null;
    return {
      order_id: d.order_id,
      token: d.token,
      ...(isStr(d.order_number) ? { order_number: d.order_number } : {}),
      ...(isStr(d.step) ? { step: d.step as FunnelStep } : {}),
      ...(Array.isArray(d.tracked) ? { tracked: d.tracked.filter(isStr).slice(0, 20) } : {}),
    };
  } catch {
    return null;
  }
}

/** set: replaces whatever was there, and saves it. */
export function setFunnelData(storage: Storage | null, data: FunnelData, product?: string): FunnelData {
  safe(() => storage?.setItem(funnelKey(product), JSON.stringify(data)), undefined);
  return data;
}

/** update: merges into the current data only if there is data; otherwise leaves everything as it is (null). */
export function updateFunnelData(storage: Storage | null, current: FunnelData | null, patch: Partial<FunnelData>, product?: string): FunnelData | null {
  if (!current) return null;
  return setFunnelData(storage, { ...current, ...patch }, product);
}

/** clear: removes the data. */
export function clearFunnelData(storage: Storage | null, product?: string): null {
  safe(() => storage?.removeItem(funnelKey(product)), undefined);
  return null;
}

/** Storage that refuses (private mode, quota) never breaks the funnel: the data lives in memory for the page. */
function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
