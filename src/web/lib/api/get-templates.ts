import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DesignTemplate } from '@/contract/templates';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** Active certificate designs, in their sort order. */
export const getTemplates = () => apiFetch<DesignTemplate[]>('/api/templates');

export const templatesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.templates.all, queryFn: getTemplates, staleTime: 5 * 60_000 });

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
