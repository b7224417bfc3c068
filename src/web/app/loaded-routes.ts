import type { PageHead } from '@/contract/pages';
import { paths } from '@/contract/paths';
import { NOT_FOUND_MODULE, pathKeyOf } from './route-modules';
import type { ServerRender } from './server-render';

/** What the server reads of a route module (docs/decisions/126). */
interface RouteModule {
  head?: PageHead;
  serverRender?: ServerRender;
}

// Every route module, loaded. Eager: this is the server render bundle's (entry-server.tsx), which holds every page
// anyway, and the tests'; the browser never imports it (its router loads each page when it is visited, and reads a
// page's head from that page's module: lib/lazy-page.tsx). The admin area's layout stands for all of /admin/*.
const MODULES = import.meta.glob<RouteModule>(
  ['./routes/*.tsx', './routes/legal/*.tsx', './routes/admin/admin-layout.tsx', '!**/*.test.tsx'],
  { eager: true },
);

export interface LoadedRoute extends RouteModule {
  /** './routes/home.tsx' */
  file: string;
  /** The route pattern, from paths.ts ('*' for the 404 page). */
  path: string;
  head: PageHead;
}

function loaded(file: string, path: string): LoadedRoute {
  const { head, serverRender } = MODULES[file] ?? {};
  if (!head) throw new Error(`${file} exports no head: every page's route module declares one (docs/decisions/126)`);
  return { file, path, head, ...(serverRender ? { serverRender } : {}) };
}

/** Every page's route module with its path; the 404 page's apart. */
export const LOADED_ROUTES: LoadedRoute[] = Object.keys(MODULES).flatMap((file) => {
  const key = file === './routes/admin/admin-layout.tsx' ? 'admin' : pathKeyOf(file);
  return key ? [loaded(file, paths[key])] : [];
});
export const NOT_FOUND: LoadedRoute = loaded(NOT_FOUND_MODULE, '*');
