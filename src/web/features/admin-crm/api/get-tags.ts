import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrmTagList } from '@/contract/crm';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/crm/tags — every tag in use with its count (the tag filter and the tag editor's suggestions). */
export const getCrmTags = () => apiFetch<CrmTagList>('/api/admin/crm/tags');

export const crmTagsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.crm.tags(), queryFn: getCrmTags, staleTime: 30_000 });

export function useCrmTags() {
  return useQuery(crmTagsQueryOptions());
}
