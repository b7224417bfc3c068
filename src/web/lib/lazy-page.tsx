import { lazy, useState, type ComponentType, type JSX } from 'react';
import { matchRoutes } from 'react-router';
import type { PageDef, PageHead } from '@/contract/pages';

/** A route module: its page, and optionally what the page itself loads lazily and needs on its first render. */
export interface PageModule<P = JSX.IntrinsicAttributes> {
  default: ComponentType<P>;
  preload?: () => Promise<unknown>;
  /** The page's title, description and indexing (a route module's `head`, docs/decisions/126). */
  head?: PageHead;
}

export interface LazyPage<P extends JSX.IntrinsicAttributes = JSX.IntrinsicAttributes> {
  (props: P): JSX.Element;
  /** Downloads and runs the page's module; once it has settled, a first render of the page does not suspend. */
  preload(): Promise<void>;
  /** The page's head, from its module (loading it if need be). */
  head(): Promise<PageHead | undefined>;
}

/**
 * React.lazy that can be loaded ahead of its first render. A lazy component always suspends on its first
 * render, even when its module is already here; while the browser hydrates server-rendered HTML that leaves
 * the page as a dehydrated boundary, and any update reaching it before it hydrates (the session answering,
 * for one) makes React throw the server's HTML away and render the page again (docs/decisions/089). main.tsx
 * therefore preloads the page it is about to hydrate, and each mount of a preloaded page renders the module
 * directly. A failed download is tried again on the next preload or render.
 */
export function lazyPage<P extends JSX.IntrinsicAttributes = JSX.IntrinsicAttributes>(
  load: () => Promise<PageModule<P>>,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let head: PageHead | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load()
      .then(async (m) => {
        await m.preload?.();
        head = m.head;
        loaded = m.default;
      })
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      }));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Page(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the module would remount the page.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  Page.preload = preload;
  Page.head = () => preload().then(() => head);
  return Page;
}

let pages: { path: string; page: LazyPage }[] = [];
let notFound: LazyPage | undefined;

/**
 * The router's pages by path (the public ones, the account page and the admin area's layout), and the page for any
 * other path (app/router.tsx registers them once).
 */
export function registerPages(table: readonly (readonly [string, LazyPage])[], fallback: LazyPage) {
  pages = table.map(([path, page]) => ({ path, page }));
  notFound = fallback;
}

/**
 * Loads the page a path shows (the 404 page when no registered page has it): hydrating its server-rendered HTML
 * then does not suspend (main.tsx), and a navigation to it renders at once instead of showing the page spinner
 * (the payment page loads the receipt before it leaves for it). Accepts a path with a query; the path decides,
 * ranked as the router ranks it (/order/success before /order/:orderId).
 */
export function preloadPage(to: string): Promise<void> {
  const page = routeAt(to.split(/[?#]/, 1)[0]!)?.page ?? notFound;
  return page ? page.preload() : Promise.resolve();
}

const routeAt = (pathname: string) => matchRoutes(pages, pathname)?.[0]?.route ?? null;

async function headAt(pathname: string): Promise<PageDef | null> {
  const route = routeAt(pathname);
  const head = route ? await route.page.head() : undefined;
  return route && head ? { path: route.path, ...head } : null;
}

/**
 * The head of the page a path shows (the 404 page's when none has it) and of the pages above it that its
 * breadcrumb passes through (/quiz for /quiz/results/…), from their route modules: the browser's <head> on
 * navigation (lib/head.ts). The page's own module is the one being shown; a parent's is loaded for its title.
 */
export async function pageHeadsFor(pathname: string): Promise<{ page: PageDef; pages: PageDef[] }> {
  const segments = pathname.split('/').filter(Boolean);
  const above = segments.slice(0, -1).map((_, i) => `/${segments.slice(0, i + 1).join('/')}`);
  const [own, ...parents] = await Promise.all([pathname, ...above].map(headAt));
  // The 404 page's module only for a path no page has.
  const fallback = own ? undefined : await notFound?.head();
  if (!own && !fallback) throw new Error('the 404 page declares no head');
  const page = own ?? { path: '*', ...fallback! };
  return { page, pages: [page, ...parents.filter((p): p is PageDef => p !== null)] };
}
