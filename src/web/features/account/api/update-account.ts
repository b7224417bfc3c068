import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { updateAccountBodySchema, Account } from '@/contract/account';
import { apiFetch } from '@/web/lib/api-client';
import { authStore } from '@/web/lib/auth';
import { queryKeys } from '@/web/lib/query-keys';

export const updateAccount = (body: z.input<typeof updateAccountBodySchema>) =>
  apiFetch<Account>('/api/account', { method: 'PATCH', body: JSON.stringify(body) });

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => {
      queryClient.setQueryData(queryKeys.account.detail(), account);
      void authStore.refresh('USER_UPDATED');
    },
  });
}
