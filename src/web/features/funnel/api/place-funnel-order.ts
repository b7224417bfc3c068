import { useMutation } from '@tanstack/react-query';
import type { FunnelCheckoutBody } from '@/contract/funnel';
import type { CheckoutResult } from '@/contract/shop';
import { apiFetch } from '@/web/lib/api-client';

/** POST /api/funnel/checkout: one Idempotency-Key per attempt, so a double click or a retry places one order. */
export const placeFunnelOrder = (body: FunnelCheckoutBody, idempotencyKey: string) =>
  apiFetch<CheckoutResult>('/api/funnel/checkout', { method: 'POST', body: JSON.stringify(body), headers: { 'idempotency-key': idempotencyKey } });

export function usePlaceFunnelOrder() {
  return useMutation({ mutationFn: ({ body, key }: { body: FunnelCheckoutBody; key: string }) => placeFunnelOrder(body, key) });
}
