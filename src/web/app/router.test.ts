import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paths } from '@/contract/paths';
import { pathKeyOf } from './route-modules';
import { PAGE_PATHS } from './router';
import { NOT_FOUND_ROUTE, SSR_ROUTES, matchSsrRoute } from './ssr-routes';

// The route modules as they are on disk, apart from the glob the router and the server's table use.
const routeFiles = (dir: string) =>
  readdirSync(new URL(`./routes/${dir}`, import.meta.url))
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
    .map((f) => `./routes/${dir}${f}`);
const FILES = [...routeFiles(''), ...routeFiles('legal/')];

describe('the route table and the server-rendered pages', () => {
  it('has a route module for every path in paths.ts, and a path for every route module but the 404 page', () => {
    const unnamed = FILES.filter((f) => pathKeyOf(f) === null);
    expect(unnamed).toEqual(['./routes/not-found.tsx']);
    const keys = FILES.map(pathKeyOf);
    // The admin area is its own router (routes/admin/), behind its own sign-in check.
    expect(Object.keys(paths).filter((k) => k !== 'admin' && !keys.includes(k as keyof typeof paths))).toEqual([]);
    // Every public page is in the router, found by file: the account page behind its sign-in check.
    expect([...PAGE_PATHS].sort()).toEqual(
      Object.entries(paths)
        .filter(([k]) => k !== 'admin' && k !== 'account')
        .map(([, p]) => p)
        .sort(),
    );
  });

  it('knows every page the server renders, so the browser loads its code before hydrating it (decision 091)', () => {
    const missing = SSR_ROUTES.map((r) => r.path).filter((path) => !PAGE_PATHS.includes(path));
    expect(missing).toEqual([]);
  });

  it('renders on the server exactly the pages whose route module exports serverRender, with their chunks', () => {
    expect(SSR_ROUTES.map((r) => r.path).sort()).toEqual(
      [
        paths.home, paths.gallery, paths.community, paths.certificate, paths.store, paths.dynamicTemplates,
        paths.quizLanding, paths.quiz, paths.quizResult, paths.quizGallery, paths.funnelCheckout, paths.funnelThankYou,
        paths.funnelTimer, paths.funnelOto1, paths.funnelOto1Downsell, paths.landingPage, paths.privacyPolicy,
        paths.termsOfService, paths.cookiePolicy, paths.dmcaPolicy, paths.refundPolicy, paths.accessibility,
      ].sort(),
    );
    expect(matchSsrRoute('/store')?.route.modules).toEqual(['app/routes/store.tsx', 'lib/cart-engine.tsx']);
    expect(matchSsrRoute('/privacy-policy')?.route.modules).toEqual(['app/routes/legal/privacy-policy.tsx']);
    expect(matchSsrRoute('/quiz/results/r_123')).toMatchObject({ route: { path: paths.quizResult }, params: { resultId: 'r_123' } });
    // Signed-in and money pages keep the empty shell.
    expect(matchSsrRoute('/checkout')).toBeNull();
    expect(matchSsrRoute('/order/success')).toBeNull();
    expect(NOT_FOUND_ROUTE.modules).toEqual(['app/routes/not-found.tsx']);
  });
});
