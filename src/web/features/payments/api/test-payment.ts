import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TestPaymentOutcome, TestPaymentSession, TestPayBody } from '@/contract/test-payments';
import { ApiRequestError, apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/test-payments/:sessionId — the built-in test card processor's payment page. */
export const getTestPayment = (sessionId: string) => apiFetch<TestPaymentSession>(`/api/test-payments/${encodeURIComponent(sessionId)}`);

export const testPaymentQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.testPayment(sessionId),
    queryFn: () => getTestPayment(sessionId),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 1,
  });

export function useTestPayment(sessionId: string) {
  return useQuery(testPaymentQueryOptions(sessionId));
}

/** POST …/pay and …/authenticate: the processor decides and reports to the shop before it answers. */
export function usePayTest(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestPayBody) =>
      apiFetch<TestPaymentOutcome>(`/api/test-payments/${encodeURIComponent(sessionId)}/pay`, { method: 'POST', body: JSON.stringify(body) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}

export function useAuthenticateTest(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: 'pass' | 'fail') =>
      apiFetch<TestPaymentOutcome>(`/api/test-payments/${encodeURIComponent(sessionId)}/authenticate`, { method: 'POST', body: JSON.stringify({ outcome }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
