import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import type { changePasswordBodySchema } from '@/contract/auth';
import { apiFetch } from '@/web/lib/api-client';

export const changePassword = (body: z.input<typeof changePasswordBodySchema>) =>
  apiFetch<{ ok: true }>('/api/account/password', { method: 'POST', body: JSON.stringify(body) });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
