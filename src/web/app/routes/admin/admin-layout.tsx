import { pageHead } from '@/contract/pages';
import { useEffect, useRef } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { hrefs } from '@/contract/paths';
import { AccessDenied } from '@/web/components/errors/access-denied';
import { LoadingScreen } from '@/web/components/ui/spinner';
import { authStore, useAuth } from '@/web/lib/auth';
import { lazyPage } from '@/web/lib/lazy-page';
import { cn } from '@/web/lib/utils';
import { ADMIN_SECTIONS } from './admin-sections';

// Each section is its own chunk. They are listed here, not in app/router.tsx, so that the table of their chunks is
// loaded by admins only, with this layout, instead of by every visitor with the app.
const AdminDashboard = lazyPage(() => import('./dashboard'));
const AdminAnalytics = lazyPage(() => import('./analytics'));
const AdminCrm = lazyPage(() => import('./crm'));
const AdminCrmContact = lazyPage(() => import('./crm-contact'));
const AdminUsers = lazyPage(() => import('./users'));
const AdminNominations = lazyPage(() => import('./nominations'));
const AdminOrders = lazyPage(() => import('./orders'));
const AdminProducts = lazyPage(() => import('./products'));
const AdminJobs = lazyPage(() => import('./jobs'));
const AdminMail = lazyPage(() => import('./mail'));
const AdminBugReports = lazyPage(() => import('./bug-reports'));
const AdminLandingPages = lazyPage(() => import('./landing-pages'));
const AdminLandingPageEdit = lazyPage(() => import('./landing-page-edit'));
const AdminAwards = lazyPage(() => import('./awards'));
const AdminCategories = lazyPage(() => import('./categories'));
const AdminSettings = lazyPage(() => import('./settings'));
const AdminAudit = lazyPage(() => import('./audit'));
const NotFound = lazyPage(() => import('../not-found'));

/** The sections of /admin/* (every one of admin-sections.ts has its page; anything else under /admin is not one). */
function AdminRoutes() {
  return (
    <Routes>
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
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export const head = pageHead({
  title: 'Admin',
  description: 'Certifiable administration.',
  indexable: false,
});

/**
 * The admin area (spec §2, §6): signed-out visitors go to /auth; signed-in users without the
 * admin role see Access Denied. The server enforces the same on every /api/admin route.
 */
export default function AdminLayout() {
  const { user, isAdmin, loading } = useAuth();
  const location = useLocation();
  const nav = useRef<HTMLElement>(null);
  // On a phone the sections are one row that scrolls sideways (snapping to a section): the current one is brought
  // into view, so /admin/settings does not open with its own tab scrolled off the edge.
  useEffect(() => {
    const row = nav.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    const offset = current.getBoundingClientRect().left - row.getBoundingClientRect().left;
    row.scrollLeft += offset - (row.clientWidth - current.offsetWidth) / 2;
  }, [location.pathname, isAdmin]);
  if (loading) return <LoadingScreen />;
  if (!user) {
    const to = authStore.signOutReason() === 'user' ? '/' : hrefs.signIn(`${location.pathname}${location.search}`);
    return <Navigate to={to} replace />;
  }
  if (!isAdmin) return <AccessDenied />;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:py-10">
      <aside className="lg:w-56 lg:shrink-0">
        <p className="px-3 text-xs font-semibold tracking-widest text-brand-700 uppercase">Admin</p>
        <nav ref={nav} aria-label="Admin" className="mt-2 -mx-4 snap-x snap-proximity scroll-px-4 overflow-x-auto overscroll-x-contain px-4 lg:mx-0 lg:overflow-visible lg:px-0">
          <ul className="flex gap-1 pb-2 lg:flex-col lg:pb-0">
            {ADMIN_SECTIONS.map((s) => (
              <li key={s.path} className="shrink-0 snap-start">
                <NavLink
                  to={s.path ? `/admin/${s.path}` : '/admin'}
                  end={s.path === ''}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap lg:rounded-xl lg:py-2',
                      isActive ? 'bg-ink text-white' : 'text-ink-soft hover:bg-paper-dark hover:text-ink',
                    )
                  }
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <AdminRoutes />
      </div>
    </div>
  );
}
