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
const AdminLayout = lazyPage(() => import('./routes/admin/admin-layout'));
const AdminDashboard = lazyPage(() => import('./routes/admin/dashboard'));
const AdminAnalytics = lazyPage(() => import('./routes/admin/analytics'));
const AdminCrm = lazyPage(() => import('./routes/admin/crm'));
const AdminCrmContact = lazyPage(() => import('./routes/admin/crm-contact'));
const AdminUsers = lazyPage(() => import('./routes/admin/users'));
const AdminNominations = lazyPage(() => import('./routes/admin/nominations'));
const AdminOrders = lazyPage(() => import('./routes/admin/orders'));
const AdminProducts = lazyPage(() => import('./routes/admin/products'));
const AdminJobs = lazyPage(() => import('./routes/admin/jobs'));
const AdminMail = lazyPage(() => import('./routes/admin/mail'));
const AdminBugReports = lazyPage(() => import('./routes/admin/bug-reports'));
const AdminLandingPages = lazyPage(() => import('./routes/admin/landing-pages'));
const AdminLandingPageEdit = lazyPage(() => import('./routes/admin/landing-page-edit'));
const AdminAwards = lazyPage(() => import('./routes/admin/awards'));
const AdminCategories = lazyPage(() => import('./routes/admin/categories'));
const AdminSettings = lazyPage(() => import('./routes/admin/settings'));
const AdminAudit = lazyPage(() => import('./routes/admin/audit'));

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
        <Route path="/admin" element={<AdminLayout />}>
          <Route index element={<AdminDashboard />} />
          <Route path="users" element={<AdminUsers />} />
          <Route path="nominations" element={<AdminNominations />} />
          <Route path="orders" element={<AdminOrders />} />
          <Route path="products" element={<AdminProducts />} />
          <Route path="jobs" element={<AdminJobs />} />
          <Route path="mail" element={<AdminMail />} />
          <Route path="analytics" element={<AdminAnalytics />} />
          <Route path="crm" element={<AdminCrm />} />
          <Route path="crm/contact/:id" element={<AdminCrmContact />} />
          <Route path="bug-reports" element={<AdminBugReports />} />
          <Route path="landing-pages" element={<AdminLandingPages />} />
          <Route path="landing-pages/new" element={<AdminLandingPageEdit />} />
          <Route path="landing-pages/:id" element={<AdminLandingPageEdit />} />
          <Route path="awards" element={<AdminAwards />} />
          <Route path="categories" element={<AdminCategories />} />
          <Route path="settings" element={<AdminSettings />} />
          <Route path="audit" element={<AdminAudit />} />
          {/* Every section of admin-sections.ts has its page; anything else under /admin is not one. */}
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
