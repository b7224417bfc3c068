import { Route, Routes } from 'react-router';
import { paths } from '@/contract/paths';
import { lazyPage, registerPages, type LazyPage, type PageModule } from '../lib/lazy-page';
import { NOT_FOUND_MODULE, pathKeyOf } from './route-modules';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

// Every page is its own chunk, fetched when first visited (spec §2: pages load lazily with a
// spinner). Declarative routes keep ~16 KB of data-router code off the first page. lazyPage rather than
// React.lazy: main.tsx loads a server-rendered page before hydrating it (lib/lazy-page.tsx). The public pages are
// their route modules, found by file name (app/route-modules.ts): a new page is a file, not a line here.
const ROUTE_MODULES = import.meta.glob<PageModule>(['./routes/*.tsx', './routes/legal/*.tsx', '!**/*.test.tsx']);
const NotFound = lazyPage(ROUTE_MODULES[NOT_FOUND_MODULE]!);
// The account page needs a session: it stands behind RequireAuth below, not with the public pages.
const Account = lazyPage(ROUTE_MODULES['./routes/account.tsx']!);
// The admin area's own routes live in its layout's module (routes/admin/admin-layout.tsx): its pages' table of
// chunks stays out of the app every visitor loads.
const AdminLayout = lazyPage(() => import('./routes/admin/admin-layout'));

/**
 * The pages outside the admin area that need no sign-in to open, by path (the server renders some of them). The
 * order page opens for its owner or an admin when signed in, or anyone with the link from the confirmation mail
 * (the page asks for sign-in otherwise).
 */
const PAGES: [string, LazyPage][] = Object.entries(ROUTE_MODULES).flatMap(([file, load]) => {
  const key = pathKeyOf(file);
  return key && key !== 'account' && key !== 'admin' ? [[paths[key], lazyPage(load)] as [string, LazyPage]] : [];
});

/** The paths preloadPage knows: every page the server renders must be one of them (router.test.ts). */
export const PAGE_PATHS: readonly string[] = PAGES.map(([path]) => path);

// preloadPage (lib/lazy-page.tsx) loads the page a path shows, and the browser's <head> on navigation reads its route
// module's head: the pages above, the account page and the admin area (whose layout declares the head of /admin/*).
registerPages([...PAGES, [paths.account, Account], [paths.admin, AdminLayout]], NotFound);

/** The route table of spec §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {PAGES.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route element={<RequireAuth />}>
          <Route path={paths.account} element={<Account />} />
        </Route>
        <Route path={paths.admin} element={<AdminLayout />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
