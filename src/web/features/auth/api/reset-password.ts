import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

export const resetPassword = (body: { token: string; new_password: string }) =>
  apiFetch<{ ok: true }>('/api/auth/password/reset', { method: 'POST', body: JSON.stringify(body) });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
