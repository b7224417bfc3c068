import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import type { deleteAccountBodySchema } from '@/contract/account';
import { apiFetch } from '@/web/lib/api-client';

export const deleteAccount = (body: z.input<typeof deleteAccountBodySchema>) =>
  apiFetch<{ ok: true }>('/api/account', { method: 'DELETE', body: JSON.stringify(body) });

/** Deletes the account; the caller leaves the page and then marks the visitor signed out. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
