// @vitest-environment happy-dom
import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FunnelProvider, useFunnel } from './funnel-provider';
import { clearFunnelData, FUNNEL_PRODUCT, funnelKey, readFunnelData, setFunnelData, updateFunnelData, type FunnelData } from './funnel-store';

/** A Storage in memory (happy-dom's localStorage is shared between tests). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

const order: FunnelData = { order_id: '0b5e6a1c-6a0e-4c55-9f3b-3b7a1f0e2d11', token: 'tok', order_number: 'ORD-1001', step: 'timer' };

describe('funnel data in browser storage (spec §3, §4, §9)', () => {
  it('lives under {product}_funnel', () => {
    expect(funnelKey()).toBe(`${FUNNEL_PRODUCT}_funnel`);
    expect(funnelKey('framed-certificate')).toBe('framed-certificate_funnel');
  });

  it('set replaces whatever was there and saves it', () => {
    const storage = memoryStorage();
    setFunnelData(storage, { ...order, tracked: ['checkout'] });
    const next = { order_id: 'other', token: 't2' };
    expect(setFunnelData(storage, next)).toEqual(next);
    expect(JSON.parse(storage.getItem('certifiable_funnel')!)).toEqual(next);
  });

  it('update merges into existing data, and does nothing when there is none', () => {
    const storage = memoryStorage();
    expect(updateFunnelData(storage, null, { step: 'oto1' })).toBeNull();
    expect(storage.getItem('certifiable_funnel')).toBeNull();
    const merged = updateFunnelData(storage, order, { step: 'oto1' });
    expect(merged).toEqual({ ...order, step: 'oto1' });
    expect(readFunnelData(storage)).toEqual({ ...order, step: 'oto1' });
  });

  it('clear removes it', () => {
    const storage = memoryStorage();
    setFunnelData(storage, order);
    expect(clearFunnelData(storage)).toBeNull();
    expect(storage.getItem('certifiable_funnel')).toBeNull();
    expect(readFunnelData(storage)).toBeNull();
  });

  it('restores what was stored, and ignores what it cannot read', () => {
    const storage = memoryStorage();
    setFunnelData(storage, order);
    expect(readFunnelData(storage)).toEqual(order);
    storage.setItem('certifiable_funnel', '{not json');
    expect(readFunnelData(storage)).toBeNull();
    storage.setItem('certifiable_funnel', JSON.stringify({ token: 'no order' }));
    expect(readFunnelData(storage)).toBeNull();
  });

  it('a storage that refuses never breaks the funnel', () => {
    const refusing = { ...memoryStorage(), setItem: () => { throw new DOMException('quota', 'QuotaExceededError'); }, getItem: () => { throw new DOMException('denied', 'SecurityError'); } } as Storage;
    expect(setFunnelData(refusing, order)).toEqual(order);
    expect(readFunnelData(refusing)).toBeNull();
  });
});

describe('FunnelProvider', () => {
  it('restores the stored data on load, and set/update/clear change it and the storage', () => {
    const storage = memoryStorage();
    setFunnelData(storage, order);
    const { result } = renderHook(() => useFunnel(), { wrapper: ({ children }) => <FunnelProvider storage={storage}>{children}</FunnelProvider> });
    expect(result.current.data).toEqual(order);
    act(() => result.current.update({ step: 'oto1' }));
    expect(result.current.data?.step).toBe('oto1');
    expect(readFunnelData(storage)?.step).toBe('oto1');
    act(() => result.current.clear());
    expect(result.current.data).toBeNull();
    act(() => result.current.update({ step: 'downsell' }));
    expect(result.current.data).toBeNull();
    act(() => result.current.set({ order_id: 'n', token: 't' }));
    expect(readFunnelData(storage)).toEqual({ order_id: 'n', token: 't' });
  });

  it('fails clearly when used outside its provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Orphan() {
      useFunnel();
      return <p>never</p>;
    }
    expect(() => render(<Orphan />)).toThrow('useFunnel must be used within a FunnelProvider');
    expect(screen.queryByText('never')).toBeNull();
    spy.mockRestore();
  });
});
