import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

export const forgotPassword = (email: string) =>
  apiFetch<{ ok: true }>('/api/auth/password/forgot', { method: 'POST', body: JSON.stringify({ email }) });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
