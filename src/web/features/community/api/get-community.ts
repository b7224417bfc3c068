import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommunityPage } from '@/contract/nominations';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

export interface CommunityFilter {
  sort: 'newest' | 'most_liked';
  category_id?: string | undefined;
}

export const COMMUNITY_PAGE_SIZE = 12;

/** GET /api/community — public, not declined, not hidden; one page per cursor. */
export const getCommunity = (filter: CommunityFilter, cursor?: string) =>
  apiFetch<CommunityPage>('/api/community', {
    query: { sort: filter.sort, category_id: filter.category_id, cursor, limit: COMMUNITY_PAGE_SIZE },
  });

export const communityQueryOptions = (filter: CommunityFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.community.list(filter),
    queryFn: ({ pageParam }) => getCommunity(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 30_000,
  });

export function useCommunity(filter: CommunityFilter) {
  return useInfiniteQuery(communityQueryOptions(filter));
}
