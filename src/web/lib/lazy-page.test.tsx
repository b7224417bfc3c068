// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

const Loading = () => <p>loading</p>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('lazyPage', () => {
  it('suspends on its first render like React.lazy until its module arrives', async () => {
    const module = deferred<{ default: () => React.JSX.Element }>();
    const Page = lazyPage(() => module.promise);
    render(
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => module.resolve({ default: () => <h1>The page</h1> }));
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
  });

  it('renders at once, without suspending, once preloaded (what hydration needs)', async () => {
    const Page = lazyPage(async () => ({ default: () => <h1>Preloaded</h1> }));
    await Page.preload();
    render(
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>,
    );
    // Synchronously: no fallback was ever shown.
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Preloaded' })).toBeTruthy();
  });

  it("waits for the module's own preload before it counts as loaded", async () => {
    const inner = deferred<void>();
    const Page = lazyPage(async () => ({ default: () => <h1>With parts</h1>, preload: () => inner.promise }));
    let done = false;
    const loading = Page.preload().then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(done).toBe(false);
    inner.resolve();
    await loading;
    expect(done).toBe(true);
  });

  it('asks for the module again after a failed download', async () => {
    let calls = 0;
    const Page = lazyPage(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return { default: () => <h1>Second time lucky</h1> };
    });
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(calls).toBe(2);
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Second time lucky' })).toBeTruthy();
  });
});
