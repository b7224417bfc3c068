import { Cookie, X } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '@/contract/paths';
import { Button } from '@/web/components/ui/button';
import { consentActions, useConsent } from '@/web/lib/consent-store';

// The dialog is only downloaded when someone opens it.
const CookiePreferencesDialog = lazy(() => import('./cookie-preferences-dialog'));

export function CookieConsent() {
  const { bannerVisible, dialogOpen } = useConsent();
  return (
    <>
      {bannerVisible ? (
        // Sticky at the end of the page (app/root-layout.tsx renders it last), not fixed: it stays in view while the page
        // scrolls, and at the bottom it takes its own room instead of lying over the footer (docs/decisions/120).
        <section
          role="region"
          aria-label="Cookie consent"
          className="sticky bottom-0 z-50 p-3 sm:p-4"
        >
          <div className="relative mx-auto flex max-w-4xl flex-col gap-4 rounded-3xl border border-line bg-white p-5 pr-12 shadow-card md:flex-row md:items-center">
            <Cookie className="hidden size-8 shrink-0 text-gold-dark md:block" aria-hidden="true" />
            <p className="text-sm text-ink-soft">
              <strong className="text-ink">A brief cookie ceremony.</strong> We use necessary cookies to run the shop.
              With your blessing we would also measure visits and remember your preferences.{' '}
              <Link to={paths.cookiePolicy} className="font-semibold text-brand-700 underline underline-offset-2">
                Cookie Policy
              </Link>
            </p>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button size="sm" onClick={consentActions.acceptAll}>
                Accept All
              </Button>
              <Button size="sm" variant="secondary" onClick={consentActions.necessaryOnly}>
                Necessary Only
              </Button>
              <Button size="sm" variant="ghost" onClick={consentActions.openPreferences}>
                Customize
              </Button>
            </div>
            <button
              type="button"
              onClick={consentActions.dismiss}
              aria-label="Close cookie banner"
              className="absolute top-3 right-3 rounded-full p-1.5 text-muted hover:bg-paper-dark hover:text-ink"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
        </section>
      ) : null}
      {dialogOpen ? (
        <Suspense fallback={null}>
          <CookiePreferencesDialog />
        </Suspense>
      ) : null}
    </>
  );
}
