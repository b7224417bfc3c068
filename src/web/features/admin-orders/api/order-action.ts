import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkShippedBody } from '@/contract/fulfilment';
import type { AdminOrder } from '@/contract/shop';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** What an admin can do to an order (each one audited on the server). */
export type OrderAction =
  | { kind: 'refund'; body: { amount?: number; reason: string } }
  | { kind: 'cancel'; body: { reason: string } }
  | { kind: 'resend-confirmation' }
  // Printing and shipping (docs/decisions/083): "advance" only for the built-in print shop.
  | { kind: 'fulfilment/resubmit' }
  | { kind: 'fulfilment/advance' }
  | { kind: 'fulfilment/mark-shipped'; body: MarkShippedBody };

/**
 * POST /api/admin/orders/:id/refund | cancel | resend-confirmation | fulfilment/resubmit | fulfilment/advance |
 * fulfilment/mark-shipped — the answer is the order as it is now.
 */
export const runOrderAction = (id: string, action: OrderAction) =>
  apiFetch<AdminOrder>(`/api/admin/orders/${encodeURIComponent(id)}/${action.kind}`, {
    method: 'POST',
    ...('body' in action ? { body: JSON.stringify(action.body) } : {}),
  });

export function useOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => runOrderAction(id, action),
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.admin.orders.detail(id), order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.orders.all });
    },
    // A refusal may still have changed the order (a refund the provider did not answer is left pending): read it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.orders.all }),
  });
}
