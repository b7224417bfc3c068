import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LandingPageView } from '@/contract/landing-pages';
import { ApiRequestError, apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/landing-pages/:slug — a published landing page; 404 for a draft or an unknown address. */
export const getLandingPage = (slug: string) => apiFetch<LandingPageView>(`/api/landing-pages/${encodeURIComponent(slug)}`);

export const landingPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.landingPages.detail(slug),
    queryFn: () => getLandingPage(slug),
    staleTime: 60_000,
    // A draft or an unknown address will not change by asking again, nor by opening the page again (so a
    // server-rendered "not found" hydrates as it was rendered).
    retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 1,
    retryOnMount: false,
  });

export function useLandingPage(slug: string) {
  return useQuery(landingPageQueryOptions(slug));
}
