import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '@/contract/admin-settings';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/settings — every group as the site uses it, who changed each last, the catalogue to choose from. */
export const getSettings = () => apiFetch<AdminSettings>('/api/admin/settings');

export const settingsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.settings.all, queryFn: getSettings, staleTime: 0 });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
