import { useMutation } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutResult } from '@/contract/shop';
import { apiFetch } from '@/web/lib/api-client';

/**
 * POST /api/checkout. `idempotencyKey` is one value per checkout attempt: sending the same body again with it
 * (a double click, a retry after a network error) returns the same order instead of making a second one.
 */
export const placeOrder = (body: CheckoutBody, idempotencyKey: string) =>
  apiFetch<CheckoutResult>('/api/checkout', { method: 'POST', body: JSON.stringify(body), headers: { 'idempotency-key': idempotencyKey } });

export function usePlaceOrder() {
  return useMutation({ mutationFn: ({ body, key }: { body: CheckoutBody; key: string }) => placeOrder(body, key) });
}
