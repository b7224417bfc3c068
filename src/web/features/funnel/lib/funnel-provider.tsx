import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { browserStorage } from '@/web/lib/cart-storage';
import { useHydrated } from '@/web/lib/hydration';
import { clearFunnelData, readFunnelData, setFunnelData, updateFunnelData, type FunnelData } from './funnel-store';

interface FunnelContextValue {
  /** The stored data; null until the page has hydrated (the server cannot read this browser's storage). */
  data: FunnelData | null;
  /** False while the server renders and the browser hydrates: the data is not known yet. */
  ready: boolean;
  /** Replaces the data and saves it. */
  set(data: FunnelData): void;
  /** Merges into the data, only when there is data. */
  update(patch: Partial<FunnelData>): void;
  /** Removes the data. */
  clear(): void;
}

const FunnelContext = createContext<FunnelContextValue | null>(null);

/** The funnel's data for the funnel pages: restored from browser storage on load (spec §4). */
export function FunnelProvider({ children, storage = browserStorage(), product }: { children: ReactNode; storage?: Storage | null; product?: string }) {
  const [data, setData] = useState<FunnelData | null>(() => readFunnelData(storage, product));
  const set = useCallback((next: FunnelData) => setData(setFunnelData(storage, next, product)), [storage, product]);
  const update = useCallback(
    (patch: Partial<FunnelData>) => setData((current) => updateFunnelData(storage, current, patch, product) ?? current),
    [storage, product],
  );
  const clear = useCallback(() => setData(clearFunnelData(storage, product)), [storage, product]);
  const ready = useHydrated();
  const value = useMemo(() => ({ data: ready ? data : null, ready, set, update, clear }), [data, ready, set, update, clear]);
  return <FunnelContext.Provider value={value}>{children}</FunnelContext.Provider>;
}

/** The funnel's data and its three operations; used outside a FunnelProvider it throws, saying so. */
export function useFunnel(): FunnelContextValue {
  const ctx = useContext(FunnelContext);
  if (!ctx) throw new Error('useFunnel must be used within a FunnelProvider');
  return ctx;
}
