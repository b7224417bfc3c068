import { matchRoutes } from 'react-router';
import { LOADED_ROUTES, NOT_FOUND, type LoadedRoute } from './loaded-routes';
import type { ServerRender } from './server-render';

export type { Prefetch, ServerFetch } from './server-render';

export interface SsrRoute {
  path: string;
  /** The route's lazy chunk in Vite's manifest (its key, relative to src/web) and others it will fetch at once. */
  modules: string[];
  prefetch?: ServerRender['prefetch'];
  head?: ServerRender['head'];
}

const route = ({ path, file }: LoadedRoute, render: ServerRender): SsrRoute => ({
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
export const SSR_ROUTES: SsrRoute[] = LOADED_ROUTES.flatMap((r) => (r.serverRender ? [route(r, r.serverRender)] : []));

/** Any path no route knows: the 404 page. */
export const NOT_FOUND_ROUTE: SsrRoute = route(NOT_FOUND, NOT_FOUND.serverRender ?? {});

/** The server-rendered route for a path and its parameters, or null when the page stays client-rendered. */
export function matchSsrRoute(pathname: string): { route: SsrRoute; params: Record<string, string | undefined> } | null {
  // Ranked as the router ranks them: a static path beats a pattern.
  const m = matchRoutes(SSR_ROUTES, pathname)?.[0];
  return m ? { route: m.route, params: m.params } : null;
}
