import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss, getToasts, toast, TOAST_REMOVE_DELAY } from './use-toast';

const snapshot = getToasts;

afterEach(() => {
  dismiss();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one at a time: a new toast replaces the one on screen', () => {
    toast({ title: 'First' });
    toast({ title: 'Second' });
    const list = snapshot();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ title: 'Second', open: true });
  });

  it('keeps a dismissed toast (closed) until the removal delay of 1,000,000 ms has passed', () => {
    vi.useFakeTimers();
    const { id } = toast({ title: 'Bye' });
    dismiss(id);
    expect(snapshot()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(snapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(snapshot()).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});
