import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { HOME_GALLERY_LIMIT } from '@/contract/catalog-constants';
import { paths } from '@/contract/paths';
import type { Award } from '@/contract/awards';
import type { Category } from '@/contract/categories';
import type { Funnel } from '@/contract/funnel';
import type { LandingPageView } from '@/contract/landing-pages';
import type { Certificate, CommunityPage } from '@/contract/nominations';
import type { Quiz, QuizGalleryPage, QuizResult } from '@/contract/quiz';
import type { AwardMockups, StoreCatalogue } from '@/contract/shop';
import type { DesignTemplate } from '@/contract/templates';
import { COMMUNITY_PAGE_SIZE, communityQueryOptions, type CommunityFilter } from '../features/community/api/get-community';
import { funnelQueryOptions } from '../features/funnel/api/get-funnel';
import { landingPageQueryOptions } from '../features/landing-pages/api/get-landing-page';
import { quizQueryOptions } from '../features/quiz/api/get-quiz';
import { QUIZ_GALLERY_PAGE_SIZE, quizGalleryQueryOptions } from '../features/quiz/api/get-quiz-gallery';
import { quizResultQueryOptions } from '../features/quiz/api/get-quiz-result';
import { galleryAwardFrom } from '../features/quiz/lib/gallery-filter';
import { awardMockupsQueryOptions } from '../features/store/api/get-award-mockups';
import { findAwardByParam } from '../features/store/lib/award-param';
import { catalogueQueryOptions } from '../features/store/api/get-catalogue';
import { shareIdFrom } from '../features/store/lib/variant-options';
import { ApiRequestError, withQuery } from '../lib/api-client';
import { awardsQueryOptions, type AwardsFilter } from '../lib/api/get-awards';
import { categoriesQueryOptions } from '../lib/api/get-categories';
import { certificateQueryOptions } from '../lib/api/get-certificate';
import { templatesQueryOptions } from '../lib/api/get-templates';
import { queryKeys } from '../lib/query-keys';
import { getSiteSettings } from '../lib/site-settings';

/** GETs an API path on the server (no cookies: the anonymous view); throws ApiRequestError like apiFetch. */
export type ServerFetch = <T>(path: string) => Promise<T>;

interface Prefetch {
  queryClient: QueryClient;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  fetchJson: ServerFetch;
}

export interface SsrRoute {
  path: string;
  /** The route's lazy chunk in Vite's manifest (its key, relative to src/web) and others it will fetch at once. */
  modules: string[];
  /**
   * Fills the cache with exactly what the page's hooks ask for: the same keys, the same API answers. May answer
   * the page's HTTP status (an unknown certificate is a 404).
   */
  prefetch?: (p: Prefetch) => Promise<number | void>;
}

// Failures stay in the cache as the query's error, as in the browser; entry-server.tsx gives up on a 5xx.
const awards = ({ queryClient, fetchJson }: Prefetch, filter: AwardsFilter = {}) =>
  queryClient
    .fetchQuery({ ...awardsQueryOptions(filter), queryFn: () => fetchJson<Award[]>(withQuery('/api/awards', { ...filter })) })
    .catch(() => [] as Award[]);
const templates = ({ queryClient, fetchJson }: Prefetch) =>
  queryClient.prefetchQuery({ ...templatesQueryOptions(), queryFn: () => fetchJson<DesignTemplate[]>(withQuery('/api/templates')) });
const certificate = ({ queryClient, fetchJson }: Prefetch, shareId: string) =>
  queryClient
    .fetchQuery({ ...certificateQueryOptions(shareId), retry: false, queryFn: () => fetchJson<Certificate>(`/api/certificates/${encodeURIComponent(shareId)}`) })
    .catch(() => null);
// A part of the site an admin switched off renders its "paused" page: nothing to fetch (docs/decisions/104).
const quiz = ({ queryClient, fetchJson }: Prefetch) =>
  !getSiteSettings().features.quiz
    ? Promise.resolve()
    : queryClient.prefetchQuery({ ...quizQueryOptions(), queryFn: () => fetchJson<Quiz>('/api/quiz') });
const mockups = ({ queryClient, fetchJson }: Prefetch, awardId: string) =>
  queryClient.prefetchQuery({
    ...awardMockupsQueryOptions(awardId),
    queryFn: () => fetchJson<AwardMockups>(withQuery('/api/store/mockups', { award: awardId })),
  });

const page = (path: string, module: string, prefetch?: SsrRoute['prefetch'], also: string[] = []): SsrRoute => ({
  path,
  modules: [module, ...also],
  ...(prefetch ? { prefetch } : {}),
});

/**
 * The public pages the server renders (docs/decisions/089): the anonymous view only. Everything else
 * (sign-in, account, admin, nominate, claim, cart, checkout, orders, payments) keeps the empty shell.
 */
export const SSR_ROUTES: SsrRoute[] = [
  page(paths.home, 'app/routes/home.tsx', async (p) => {
    await awards(p, { limit: HOME_GALLERY_LIMIT });
  }),
  page(paths.gallery, 'app/routes/gallery.tsx', async (p) => {
    const search = (p.search.get('search') ?? '').trim();
    await awards(p, search ? { search } : {});
  }),
  page(paths.community, 'app/routes/community.tsx', async (p) => {
    if (!getSiteSettings().features.community) return;
    const filter: CommunityFilter = {
      sort: p.search.get('sort') === 'most_liked' ? 'most_liked' : 'newest',
      category_id: p.search.get('category') ?? undefined,
    };
    await Promise.all([
      p.queryClient.prefetchQuery({ ...categoriesQueryOptions(), queryFn: () => p.fetchJson<Category[]>(withQuery('/api/categories')) }),
      p.queryClient.prefetchInfiniteQuery({
        ...communityQueryOptions(filter),
        queryFn: ({ pageParam }) =>
          p.fetchJson<CommunityPage>(
            withQuery('/api/community', { sort: filter.sort, category_id: filter.category_id, cursor: pageParam, limit: COMMUNITY_PAGE_SIZE }),
          ),
      }),
    ]);
  }),
  page(paths.certificate, 'app/routes/certificate.tsx', async (p) => {
    const shareId = p.params.shareId ?? '';
    await certificate(p, shareId);
    // Unknown or malformed: 404 with the page's "not in the register"; declined or hidden: 410 "withdrawn".
    const error = p.queryClient.getQueryState(queryKeys.certificates.detail(shareId))?.error;
    if (error instanceof ApiRequestError && error.status < 500) return error.status === 410 ? 410 : 404;
  }),
  page(paths.store, 'app/routes/store.tsx', async (p) => {
    // The store starts with the award asked for, or the certificate's, or the gallery's first award.
    const shareId = p.search.get('certificate') ? shareIdFrom(p.search.get('certificate')!) : null;
    const [list, , , cert] = await Promise.all([
      awards(p),
      templates(p),
      p.queryClient.prefetchQuery({ ...catalogueQueryOptions(), queryFn: () => p.fetchJson<StoreCatalogue>(withQuery('/api/store/products')) }),
      shareId ? certificate(p, shareId) : null,
    ]);
    const awardParam = p.search.get('award');
    // By id or by slug, as the page chooses it (features/store/lib/award-param.ts).
    const awardId = shareId
      ? (cert?.award.id ?? null)
      : awardParam === null
        ? (list[0]?.id ?? null)
        : (findAwardByParam(list, awardParam)?.id ?? awardParam);
    if (awardId) await mockups(p, awardId);
    // The cart's engine comes with the page: "Add to cart" is usable as soon as the page is (docs/decisions/082).
  }, ['lib/cart-engine.tsx']),
  page(paths.dynamicTemplates, 'app/routes/dynamic-templates.tsx', async (p) => {
    await Promise.all([templates(p), awards(p)]);
  }),
  page(paths.quizLanding, 'app/routes/quiz-landing.tsx', quiz),
  page(paths.quiz, 'app/routes/quiz.tsx', quiz),
  page(paths.quizResult, 'app/routes/quiz-result.tsx', async (p) => {
    const resultId = p.params.resultId ?? '';
    await p.queryClient
      .fetchQuery({
        ...quizResultQueryOptions(resultId),
        retry: false,
        queryFn: () => p.fetchJson<QuizResult>(`/api/quiz/results/${encodeURIComponent(resultId)}`),
      })
      .catch(() => null);
    // Unknown or malformed: 404 with the page's "not in the register".
    const error = p.queryClient.getQueryState(queryKeys.quiz.result(resultId))?.error;
    if (error instanceof ApiRequestError && error.status < 500) return 404;
  }),
  page(paths.quizGallery, 'app/routes/quiz-gallery.tsx', async (p) => {
    if (!getSiteSettings().features.quiz) return;
    const filter = { award_id: galleryAwardFrom(p.search) };
    await Promise.all([
      quiz(p),
      p.queryClient.prefetchInfiniteQuery({
        ...quizGalleryQueryOptions(filter),
        queryFn: ({ pageParam }) =>
          p.fetchJson<QuizGalleryPage>(withQuery('/api/quiz/gallery', { award_id: filter.award_id, cursor: pageParam, limit: QUIZ_GALLERY_PAGE_SIZE })),
      }),
    ]);
  }),
  page(paths.funnelCheckout, 'app/routes/funnel-checkout.tsx', async (p) => {
    const award = p.search.get('award');
    await p.queryClient.prefetchQuery({ ...funnelQueryOptions(award), queryFn: () => p.fetchJson<Funnel>(withQuery('/api/funnel', { award })) });
  }),
  page(paths.funnelThankYou, 'app/routes/funnel-thank-you.tsx'),
  page(paths.funnelTimer, 'app/routes/funnel-timer.tsx'),
  page(paths.funnelOto1, 'app/routes/funnel-oto1.tsx'),
  page(paths.funnelOto1Downsell, 'app/routes/funnel-oto1-downsell.tsx'),
  page(paths.landingPage, 'app/routes/landing-page.tsx', async (p) => {
    const slug = p.params.slug ?? '';
    await p.queryClient
      .fetchQuery({ ...landingPageQueryOptions(slug), retry: false, queryFn: () => p.fetchJson<LandingPageView>(`/api/landing-pages/${encodeURIComponent(slug)}`) })
      .catch(() => null);
    // A draft or an unknown address: 404, with the page's "not on display" (docs/decisions/102).
    const error = p.queryClient.getQueryState(queryKeys.landingPages.detail(slug))?.error;
    if (error instanceof ApiRequestError && error.status < 500) return 404;
  }),
  page(paths.privacyPolicy, 'app/routes/legal/privacy-policy.tsx'),
  page(paths.termsOfService, 'app/routes/legal/terms-of-service.tsx'),
  page(paths.cookiePolicy, 'app/routes/legal/cookie-policy.tsx'),
  page(paths.dmcaPolicy, 'app/routes/legal/dmca-policy.tsx'),
  page(paths.refundPolicy, 'app/routes/legal/refund-policy.tsx'),
  page(paths.accessibility, 'app/routes/legal/accessibility.tsx'),
];

/** Any path no route knows: the 404 page. */
export const NOT_FOUND_ROUTE: SsrRoute = page('*', 'app/routes/not-found.tsx');

/** The server-rendered route for a path and its parameters, or null when the page stays client-rendered. */
export function matchSsrRoute(pathname: string): { route: SsrRoute; params: Record<string, string | undefined> } | null {
  for (const route of SSR_ROUTES) {
    const m = matchPath({ path: route.path, end: true }, pathname);
    if (m) return { route, params: m.params };
  }
  return null;
}
