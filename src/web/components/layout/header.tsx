import { Menu, ShoppingCart, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/contract/paths';
import { authStore, useAuth } from '@/web/lib/auth';
import { useCart } from '@/web/lib/cart';
import { getSiteSettings } from '@/web/lib/site-settings';
import { cn } from '@/web/lib/utils';
import { Wordmark } from './logo';

const NAV = [
  { label: 'Home', to: paths.home, end: true },
  { label: 'Nominate', to: paths.nominate },
  { label: 'Gallery', to: paths.gallery },
  { label: 'Store', to: paths.store },
] as const;

/** Store is highlighted on /store and on /cart (spec §2). */
export function isNavActive(label: string, to: string, pathname: string, end = false): boolean {
  if (label === 'Store') return pathname === '/store' || pathname === '/cart';
  return end ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
}

/** The header is hidden on /auth (and its reset-password step) and on every /funnel/* page except /funnel/checkout (spec §2). */
export function isHeaderHidden(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/auth' || path.startsWith('/auth/')) return true;
  return path.startsWith('/funnel/') && path !== '/funnel/checkout';
}

export function Header() {
  const { pathname } = useLocation();
  const { totalItems } = useCart();
  const [open, setOpen] = useState(false);
  const brand = getSiteSettings().brand_name;
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  // Signed in, the header holds three more items: the full nav waits for a wider screen (lg).
  const wide = user ? { show: 'lg:flex', hide: 'lg:hidden' } : { show: 'md:flex', hide: 'md:hidden' };
  const signOut = () => {
    void authStore.signOut().finally(() => navigate('/'));
  };

  useEffect(() => setOpen(false), [pathname]);

  const linkClass = (active: boolean) =>
    cn(
      'rounded-full px-4 py-2 text-sm font-semibold transition-colors',
      active ? 'bg-brand-600 text-white' : 'text-ink-soft hover:bg-paper-dark hover:text-ink',
    );

  // No display utility here: each use adds its own (cn() does not resolve conflicts).
  const pillClass =
    'items-center rounded-full border-2 border-ink px-4 py-1.5 text-sm font-semibold hover:bg-ink hover:text-white';

  const links = NAV.map((item) => {
    const active = isNavActive(item.label, item.to, pathname, 'end' in item ? item.end : false);
    return (
      <Link key={item.to} to={item.to} className={linkClass(active)} aria-current={active ? 'page' : undefined}>
        {item.label}
      </Link>
    );
  });

  // Spec §2: any signed-in user sees Admin; the admin page itself decides access.
  const accountLinks = [
    { label: 'Account', to: paths.account, active: pathname === paths.account },
    { label: 'Admin', to: '/admin', active: pathname === '/admin' || pathname.startsWith('/admin/') },
  ].map((l) => (
    <Link key={l.to} to={l.to} className={linkClass(l.active)} aria-current={l.active ? 'page' : undefined}>
      {l.label}
    </Link>
  ));

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-paper/90 backdrop-blur supports-[backdrop-filter]:bg-paper/80">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-full focus:bg-ink focus:px-4 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="rounded-lg text-ink" aria-label={`${brand} home`}>
          <Wordmark brand={brand} />
        </Link>
        <nav aria-label="Main" className={`hidden items-center gap-1 ${wide.show}`}>
          {links}
        </nav>
        <div className="flex items-center gap-1">
          <Link
            to={paths.cart}
            className="relative rounded-full p-2.5 text-ink hover:bg-paper-dark"
            aria-label={totalItems > 0 ? `Cart, ${totalItems} item${totalItems === 1 ? '' : 's'}` : 'Cart, empty'}
          >
            <ShoppingCart className="size-5" aria-hidden="true" />
            {totalItems > 0 ? (
              <span
                data-testid="cart-badge"
                className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-[11px] leading-5 font-bold text-white"
              >
                {totalItems}
              </span>
            ) : null}
          </Link>
          {loading ? null : user ? (
            <div className="hidden items-center gap-1 lg:flex">
              {accountLinks}
              <button type="button" onClick={signOut} className={`${pillClass} ml-1 inline-flex`}>
                Sign Out
              </button>
            </div>
          ) : (
            <Link to={paths.auth} className={`${pillClass} hidden sm:inline-flex`}>
              Sign In
            </Link>
          )}
          <button
            type="button"
            className={`rounded-full p-2.5 hover:bg-paper-dark ${wide.hide}`}
            aria-expanded={open}
            // The menu is only in the page while open: naming it when closed would point at nothing.
            aria-controls={open ? 'mobile-nav' : undefined}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </button>
        </div>
      </div>
      {open ? (
        <nav id="mobile-nav" aria-label="Mobile" className={`border-t border-line bg-paper px-4 pt-2 pb-4 ${wide.hide}`}>
          <div className="flex flex-col gap-1">{links}</div>
          {loading ? null : user ? (
            <div className="mt-3 flex flex-col gap-1 border-t border-line pt-3">
              {accountLinks}
              <button type="button" onClick={signOut} className={`${pillClass} mt-2 flex justify-center`}>
                Sign Out
              </button>
            </div>
          ) : (
            <Link to={paths.auth} className={`${pillClass} mt-3 flex justify-center sm:hidden`}>
              Sign In
            </Link>
          )}
        </nav>
      ) : null}
    </header>
  );
}
