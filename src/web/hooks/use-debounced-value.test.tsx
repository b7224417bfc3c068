// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDebouncedValue', () => {
  it('settles on the last value once typing pauses, skipping the ones in between', () => {
    const seen: string[] = [];
    const { result, rerender } = renderHook(({ value }) => {
      const debounced = useDebouncedValue(value, 300);
      seen.push(debounced);
      return debounced;
    }, { initialProps: { value: 'D' } });
    for (const value of ['Da', 'Dan', 'Dana']) {
      rerender({ value });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(result.current).toBe('D');
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe('Dana');
    expect(new Set(seen)).toEqual(new Set(['D', 'Dana']));
  });

  it('does not restart the wait for a fresh object with the same contents', () => {
    const { result, rerender } = renderHook(({ name }) => useDebouncedValue({ name }, 300), { initialProps: { name: 'Sam' } });
    const first = result.current;
    rerender({ name: 'Sam' });
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe(first);
  });
});
