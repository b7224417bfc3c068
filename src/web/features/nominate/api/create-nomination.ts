import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNominationBody, CreateNominationResult } from '@/contract/nominations';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** POST /api/nominations: files the nomination; the answer carries the claim link, shown once. */
export const createNomination = (body: CreateNominationBody) =>
  apiFetch<CreateNominationResult>('/api/nominations', { method: 'POST', body: JSON.stringify(body) });

export function useCreateNomination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNomination,
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.certificates.detail(result.certificate.share_id), result.certificate);
      void queryClient.invalidateQueries({ queryKey: queryKeys.community.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.account.nominations() });
    },
  });
}
