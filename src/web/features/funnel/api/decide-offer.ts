import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FunnelOfferKind, FunnelOrder } from '@/contract/funnel';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

export type OfferDecision = 'accept' | 'decline';

/** POST …/offers/:kind/accept|decline: yes (charged to the same card) or no thanks. The server prices it. */
export const decideOffer = (orderId: string, token: string, kind: FunnelOfferKind, decision: OfferDecision) =>
  apiFetch<FunnelOrder>(`/api/funnel/orders/${encodeURIComponent(orderId)}/offers/${kind}/${decision}`, { method: 'POST', body: JSON.stringify({ token }) });

export function useDecideOffer(orderId: string, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, decision }: { kind: FunnelOfferKind; decision: OfferDecision }) => decideOffer(orderId, token, kind, decision),
    onSuccess: (order) => client.setQueryData(queryKeys.funnel.order(orderId), order),
    // A refusal (declined card, an offer that ended) changed the order too: read it again.
    onError: () => client.invalidateQueries({ queryKey: queryKeys.funnel.order(orderId) }),
  });
}
