import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

export const resendVerification = (email: string) =>
  apiFetch<{ ok: true }>('/api/auth/verification/resend', { method: 'POST', body: JSON.stringify({ email }) });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
