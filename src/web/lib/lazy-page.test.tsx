// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage, preloadPage, registerPages } from './lazy-page';

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

describe('preloadPage', () => {
  it('loads the page the router would show for a path, ranked as the router ranks it, and the 404 page for any other', async () => {
    const loaded: string[] = [];
    const page = (name: string) => lazyPage(async () => ((loaded.push(name), { default: () => <h1>{name}</h1> })));
    // The order page's pattern comes first and also matches /order/success: the static path still wins.
    registerPages(
      [
        ['/order/:orderId', page('order')],
        ['/order/success', page('receipt')],
        ['/store', page('store')],
      ],
      page('not found'),
    );
    await preloadPage('/order/success?order=1&token=t#top');
    expect(loaded).toEqual(['receipt']);
    await preloadPage('/order/9f0c');
    await preloadPage('/store?award=a');
    await preloadPage('/nowhere/at/all');
    expect(loaded).toEqual(['receipt', 'order', 'store', 'not found']);
  });
});
