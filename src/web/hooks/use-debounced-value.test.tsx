// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREVIEW_DEBOUNCE_MS } from '@/web/components/certificates/live-preview';
import { toPreviewBody } from '@/web/lib/nomination-draft';
import { useCertificatePreview } from '@/web/lib/api/preview-certificate';
import { useDebouncedValue } from './use-debounced-value';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const AWARD = '0b5e6a1c-6a0e-4c55-9f3b-3b7a1f0e2d11';
let container: HTMLDivElement;
let root: Root;
const seen: string[] = [];

function Echo({ value }: { value: string }) {
  const debounced = useDebouncedValue(value, 300);
  seen.push(debounced);
  return <p>{debounced}</p>;
}

function Preview({ name }: { name: string }) {
  const body = useDebouncedValue(toPreviewBody({ award_id: AWARD, nominee_name: name }), PREVIEW_DEBOUNCE_MS);
  const q = useCertificatePreview(body);
  return <p data-size={q.data?.size ?? 0}>{q.status}</p>;
}

beforeEach(() => {
  vi.useFakeTimers();
  seen.length = 0;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useDebouncedValue', () => {
  it('settles on the last value once typing pauses, skipping the ones in between', () => {
    act(() => root.render(<Echo value="D" />));
    for (const v of ['Da', 'Dan', 'Dana']) {
      act(() => root.render(<Echo value={v} />));
      act(() => vi.advanceTimersByTime(100));
    }
    expect(container.textContent).toBe('D');
    act(() => vi.advanceTimersByTime(300));
    expect(container.textContent).toBe('Dana');
    expect(new Set(seen)).toEqual(new Set(['D', 'Dana']));
  });
});

describe('live preview', () => {
  it('asks the server once per pause, with the latest words', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', { status: 200, headers: { 'content-type': 'image/svg+xml' } }));
    vi.stubGlobal('fetch', fetchMock);
    // A CSRF cookie already present: no token request first.
    document.cookie = 'certifiable_csrf=t.t';
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const render = (name: string) =>
      root.render(
        <QueryClientProvider client={client}>
          <Preview name={name} />
        </QueryClientProvider>,
      );
    act(() => render(''));
    await act(async () => vi.advanceTimersByTime(0));
    const previews = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/certificates/preview'));
    expect(previews()).toHaveLength(1);
    for (const name of ['S', 'Sa', 'Sam']) {
      act(() => render(name));
      await act(async () => vi.advanceTimersByTime(50));
    }
    expect(previews()).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS));
    expect(previews()).toHaveLength(2);
    const body = JSON.parse(String(previews()[1]![1]!.body)) as { nominee_name: string };
    expect(body.nominee_name).toBe('Sam');
    expect((previews()[1]![1]!.headers as Record<string, string>).accept).toBe('image/svg+xml');
  });
});
