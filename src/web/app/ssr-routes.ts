import { matchRoutes } from 'react-router';
import { paths } from '@/contract/paths';
import { NOT_FOUND_MODULE, pathKeyOf } from './route-modules';
import type { ServerRender } from './server-render';

export type { Prefetch, ServerFetch } from './server-render';

export interface SsrRoute {
  path: string;
  /** The route's lazy chunk in Vite's manifest (its key, relative to src/web) and others it will fetch at once. */
  modules: string[];
  prefetch?: ServerRender['prefetch'];
  head?: ServerRender['head'];
}

// Every route module's `serverRender` export (undefined where the page keeps the empty shell). Eager: this table is
// the server render bundle's (entry-server.tsx), which holds every page anyway; the browser never imports it.
const MODULES = import.meta.glob<{ serverRender?: ServerRender }>(['./routes/*.tsx', './routes/legal/*.tsx', '!**/*.test.tsx'], {
  eager: true,
});
const RENDERED = Object.fromEntries(Object.entries(MODULES).map(([file, m]) => [file, m.serverRender]));

const route = (path: string, file: string, render: ServerRender): SsrRoute => ({
  path,
  // './routes/home.tsx' → 'app/routes/home.tsx', the chunk's key in Vite's manifest.
  modules: [`app/${file.slice(2)}`, ...(render.alsoLoads ?? [])],
  ...(render.prefetch ? { prefetch: render.prefetch } : {}),
  ...(render.head ? { head: render.head } : {}),
});

/**
 * The public pages the server renders (docs/decisions/089): the anonymous view only, of every route module that
 * exports `serverRender`. Everything else (sign-in, account, admin, nominate, claim, cart, checkout, orders,
 * payments) keeps the empty shell.
 */
export const SSR_ROUTES: SsrRoute[] = Object.entries(RENDERED).flatMap(([file, render]) => {
  const key = pathKeyOf(file);
  return render && key ? [route(paths[key], file, render)] : [];
});

/** Any path no route knows: the 404 page. */
export const NOT_FOUND_ROUTE: SsrRoute = route('*', NOT_FOUND_MODULE, RENDERED[NOT_FOUND_MODULE] ?? {});

/** The server-rendered route for a path and its parameters, or null when the page stays client-rendered. */
export function matchSsrRoute(pathname: string): { route: SsrRoute; params: Record<string, string | undefined> } | null {
  // Ranked as the router ranks them: a static path beats a pattern.
  const m = matchRoutes(SSR_ROUTES, pathname)?.[0];
  return m ? { route: m.route, params: m.params } : null;
}
