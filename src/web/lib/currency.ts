import { useCallback, useSyncExternalStore } from 'react';
import { currencyForCountry } from '@/contract/currencies';
import { useHydrated } from './hydration';
import { getSiteSettings } from './site-settings';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The currency a shopper sees and pays in (docs/decisions/134): the one they chose in the switcher, else their
 * country's when the shop sells in it — the shipping address's at checkout, the browser's language region elsewhere —
 * else the shop's own. The server renders every page in the shop's own (its pages are the same for everyone); the
 * browser takes the shopper's once hydrated.
 */

const listeners = new Set<() => void>();

function readChoice(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.currency);
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.currency) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Remembers the shopper's choice (null: follow their country again) and tells every page showing prices. */
export function chooseCurrency(currency: string | null) {
  try {
    if (currency) localStorage.setItem(STORAGE_KEYS.currency, currency);
    else localStorage.removeItem(STORAGE_KEYS.currency);
  } catch {
    // Private mode: the choice lasts as long as the page.
  }
  for (const l of listeners) l();
}

/** The browser's region (en-GB → GB), or null. */
function browserCountry(): string | null {
  const region = (navigator.languages?.[0] ?? navigator.language ?? '').split('-')[1]?.toUpperCase();
  return region && /^[A-Z]{2}$/.test(region) ? region : null;
}

export interface ShopperCurrency {
  /** The currency to price in. */
  currency: string;
  /** Every currency the shop sells in, its own first. */
  offered: string[];
  /** The shopper's own choice, or null when it follows their country. */
  chosen: string | null;
  choose: (currency: string | null) => void;
}

/** `country`: where the order goes, when known (the checkout's address); else the browser's region. */
export function useCurrency(country?: string | null): ShopperCurrency {
  const hydrated = useHydrated();
  const stored = useSyncExternalStore(subscribe, readChoice, () => null);
  const offered = getSiteSettings().currencies;
  const own = offered[0] ?? 'USD';
  const chosen = hydrated && stored && offered.includes(stored) ? stored : null;
  const currency = !hydrated ? own : (chosen ?? currencyForCountry(country ?? browserCountry(), offered, own));
  const choose = useCallback((c: string | null) => chooseCurrency(c), []);
  return { currency, offered, chosen, choose };
}
