import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LandingPagePreviewBody, LandingPageView } from '@/contract/landing-pages';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/**
 * POST /api/admin/landing-pages/preview — the editor's values rendered by the server exactly as the public page
 * would be (the sanitised HTML of each section, the button resolved to its link). Nothing is stored.
 */
export const previewLandingPage = (body: LandingPagePreviewBody) =>
  apiFetch<LandingPageView>('/api/admin/landing-pages/preview', { method: 'POST', body: JSON.stringify(body) });

export const landingPreviewQueryOptions = (body: LandingPagePreviewBody) =>
  queryOptions({ queryKey: queryKeys.admin.landingPages.preview(body), queryFn: () => previewLandingPage(body), staleTime: 30_000, retry: false });

export function useLandingPreview(body: LandingPagePreviewBody | null) {
  return useQuery({ ...landingPreviewQueryOptions(body ?? {}), enabled: body !== null, placeholderData: keepPreviousData });
}
