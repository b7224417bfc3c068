import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { Footer } from '../components/layout/footer';
import { Header, isHeaderHidden } from '../components/layout/header';
import { LoadingScreen } from '../components/ui/spinner';
import { ToasterHost } from '../components/ui/toaster-host';
import { ReportBugButton } from '../features/bug-report/components/report-bug-button';
import { CookieConsent } from '../features/cookie-consent/components/cookie-banner';
import { usePageHead } from '../lib/head';
import { getSiteSettings } from '../lib/site-settings';
import { PageAnalytics } from './page-analytics';

/** Every page: header (unless hidden), the page, footer, toasts, the cookie banner, the Report Bug button and (with consent) page views. */
export function RootLayout() {
  const { pathname } = useLocation();
  usePageHead(pathname);

  // The page answers its controls from here on (hydrated, or rendered in the browser): <html data-ready>.
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);

  // Every navigation starts at the top of the new page (spec §2).
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      {isHeaderHidden(pathname) ? null : <Header />}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <ErrorBoundary resetKey={pathname}>
          {/* Keyed by path: a page still downloading shows the spinner, not the previous page. */}
          {/* At least a screen tall, so the footer waits below the fold and does not jump when the page arrives (CLS). */}
          <Suspense key={pathname} fallback={<LoadingScreen className="min-h-dvh" />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <ToasterHost />
      {/* An admin may switch bug reports off (settings → Features): no button, no hotkey. */}
      {getSiteSettings().features.bug_reports ? <ReportBugButton /> : null}
      {/* Last: sticky at the bottom, it needs to follow everything it must not cover (docs/decisions/120). */}
      <CookieConsent />
      <PageAnalytics />
    </div>
  );
}
