import { useMutation } from '@tanstack/react-query';
import { changePasswordBodySchema } from '@/contract/auth';
import { apiFetch } from '@/web/lib/api-client';

export { changePasswordBodySchema };

export const changePassword = (body: { current_password: string; new_password: string }) =>
  apiFetch<{ ok: true }>('/api/account/password', { method: 'POST', body: JSON.stringify(body) });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
