import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { Footer } from '../components/layout/footer';
import { Header, isHeaderHidden } from '../components/layout/header';
import { ToasterHost } from '../components/ui/toaster-host';
import { CookieConsent } from '../features/cookie-consent/components/cookie-banner';
import { usePageHead } from '../lib/head';

/** Every page: header (unless hidden), the page, footer, toasts and the cookie banner. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  usePageHead(pathname);

  // Every navigation starts at the top of the new page (spec §2).
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  const loading = navigation.state === 'loading';
  return (
    <div className="flex min-h-dvh flex-col">
      {isHeaderHidden(pathname) ? null : <Header />}
      {loading ? (
        <div role="status" aria-live="polite" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
          <div className="h-full w-1/3 animate-[rise_1s_ease-in-out_infinite] bg-brand-600" />
          <span className="sr-only">Loading...</span>
        </div>
      ) : null}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <Footer />
      <ToasterHost />
      <CookieConsent />
    </div>
  );
}
