// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingScreen, SLOW_LOADING_MS } from './spinner';

afterEach(() => vi.useRealTimers());

describe('LoadingScreen', () => {
  it('spins with "Loading...", and offers to load the page again when the page has not come', () => {
    vi.useFakeTimers();
    render(<LoadingScreen />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('button', { name: 'Load the page again' })).toBeNull();

    act(() => vi.advanceTimersByTime(SLOW_LOADING_MS - 1));
    expect(screen.queryByRole('button', { name: 'Load the page again' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('This is taking longer than it should.');
    expect(screen.getByRole('button', { name: 'Load the page again' })).toBeVisible();
  });
});
