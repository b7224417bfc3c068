import { Link, useLocation } from 'react-router';
import { paths } from '@/contract/paths';
import { KindMessage } from '@/web/components/certificates/kind-message';
import { LandingPageView } from '@/web/components/landing-pages/landing-page-view';
import { buttonVariants } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { ApiRequestError } from '@/web/lib/api-client';
import { useHeadOverrides } from '@/web/lib/head';
import { landingPageHead } from '../lib/landing-page-head';
import { useLandingPage } from '../api/get-landing-page';

function LoadingState() {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:py-20 lg:grid-cols-[1.15fr_1fr]" aria-busy="true">
      <p className="sr-only" role="status">
        Loading...
      </p>
      <div>
        <Skeleton className="h-14 w-full rounded-lg" />
        <Skeleton className="mt-3 h-14 w-2/3 rounded-lg" />
        <Skeleton className="mt-6 h-6 w-3/4 rounded" />
        <Skeleton className="mt-8 h-13 w-56 rounded-full" />
      </div>
      <Skeleton className="aspect-[4/3] w-full rounded-2xl" />
    </div>
  );
}

/** /l/:slug — a published landing page (docs/decisions/102); a draft or an unknown address is the 404 it was served as. */
export function LandingPage({ slug }: { slug: string }) {
  const { pathname } = useLocation();
  const query = useLandingPage(slug);
  const page = query.data;
  const error = query.error instanceof ApiRequestError ? query.error : null;
  const missing = error !== null && error.status >= 400 && error.status < 500;

  // The served page's head too (its route module's server render): one wording for both.
  useHeadOverrides(pathname, landingPageHead(page, missing));

  if (query.isPending) return <LoadingState />;
  if (page) return <LandingPageView page={page} />;
  return (
    <KindMessage
      eyebrow="Not on display"
      title="This page is not (or no longer) on display"
      actions={
        <>
          <Link to={paths.gallery} className={buttonVariants()}>
            Browse the awards
          </Link>
          <Link to={paths.home} className={buttonVariants({ variant: 'secondary' })}>
            Return to Homepage
          </Link>
        </>
      }
    >
      {missing ? (
        <p>The campaign may have ended, or the address may be mistyped. The awards themselves are still on offer.</p>
      ) : (
        <Notice tone="error" title="The page did not load">
          {query.error?.message ?? 'An unexpected error occurred'}
        </Notice>
      )}
    </KindMessage>
  );
}
