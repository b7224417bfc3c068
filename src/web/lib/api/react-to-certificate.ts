import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Certificate, CommunityPage } from '@/contract/nominations';
import type { ReactionKind } from '@/contract/nominations-constants';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';
import { applyReaction, type ReactionState } from '@/web/lib/reactions';

type ReactionResult = ReactionState;

/** POST /api/certificates/:share_id/reaction — one per visitor; a new kind replaces the old one. */
export const addReaction = (shareId: string, kind: ReactionKind) =>
  apiFetch<ReactionResult>(`/api/certificates/${encodeURIComponent(shareId)}/reaction`, {
    method: 'POST',
    body: JSON.stringify({ kind }),
  });

/** DELETE /api/certificates/:share_id/reaction — takes this visitor's reaction back. */
export const removeReaction = (shareId: string) =>
  apiFetch<ReactionResult>(`/api/certificates/${encodeURIComponent(shareId)}/reaction`, { method: 'DELETE' });

/** Writes a certificate's reactions into every cached copy of it: its page and the community wall. */
function writeReactions(queryClient: QueryClient, shareId: string, update: (s: ReactionState) => ReactionState) {
  queryClient.setQueryData<Certificate>(queryKeys.certificates.detail(shareId), (old) => (old ? { ...old, ...update(old) } : old));
  queryClient.setQueriesData<InfiniteData<CommunityPage>>({ queryKey: queryKeys.community.all }, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((p) => ({
            ...p,
            items: p.items.map((c) => (c.share_id === shareId ? { ...c, ...update(c) } : c)),
          })),
        }
      : old,
  );
}

/**
 * Reacting is optimistic: the count moves at once, and moves back if the server says no.
 * Choosing the kind you already chose takes it back.
 */
export function useReaction(shareId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, current }: { kind: ReactionKind; current: ReactionKind | null }) =>
      current === kind ? removeReaction(shareId) : addReaction(shareId, kind),
    onMutate: async ({ kind, current }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.certificates.detail(shareId) });
      const snapshot = {
        certificate: queryClient.getQueryData<Certificate>(queryKeys.certificates.detail(shareId)),
        community: queryClient.getQueriesData<InfiniteData<CommunityPage>>({ queryKey: queryKeys.community.all }),
      };
      writeReactions(queryClient, shareId, (s) => applyReaction(s, current === kind ? null : kind));
      return snapshot;
    },
    onError: (_err, _vars, snapshot) => {
      if (!snapshot) return;
      queryClient.setQueryData(queryKeys.certificates.detail(shareId), snapshot.certificate);
      for (const [key, data] of snapshot.community) queryClient.setQueryData(key, data);
    },
    onSuccess: (result) => writeReactions(queryClient, shareId, () => result),
  });
}
