import { useMutation } from '@tanstack/react-query';
import { deleteAccountBodySchema } from '@/contract/account';
import { apiFetch } from '@/web/lib/api-client';

export { deleteAccountBodySchema };

export const deleteAccount = (body: { confirm_email: string; password?: string | undefined }) =>
  apiFetch<{ ok: true }>('/api/account', { method: 'DELETE', body: JSON.stringify(body) });

/** Deletes the account; the caller leaves the page and then marks the visitor signed out. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
