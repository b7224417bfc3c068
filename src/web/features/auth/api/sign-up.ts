import { useMutation } from '@tanstack/react-query';
import type { SignUpBody, SignUpResult } from '@/contract/auth';
import { apiFetch } from '@/web/lib/api-client';

export const signUp = (body: SignUpBody) =>
  apiFetch<SignUpResult>('/api/auth/sign-up', { method: 'POST', body: JSON.stringify(body) });

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
