import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLandingPage } from '@/contract/landing-pages';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/landing-pages/:id — the page as stored, Markdown and all. */
export const getAdminLandingPage = (id: string) => apiFetch<AdminLandingPage>(`/api/admin/landing-pages/${encodeURIComponent(id)}`);

export const adminLandingPageQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.admin.landingPages.detail(id), queryFn: () => getAdminLandingPage(id), staleTime: 0, retry: false });

export function useAdminLandingPage(id: string | null) {
  return useQuery({ ...adminLandingPageQueryOptions(id ?? ''), enabled: id !== null });
}
