import { useMutation } from '@tanstack/react-query';
import type { SessionState, SignInBody } from '@/contract/auth';
import { apiFetch } from '@/web/lib/api-client';
import { authStore } from '@/web/lib/auth';

export const signIn = (body: SignInBody) =>
  apiFetch<SessionState>('/api/auth/sign-in', { method: 'POST', body: JSON.stringify(body) });

/** Signs in and tells the auth store (SIGNED_IN, which also records session_start). */
export function useSignIn() {
  return useMutation({
    mutationFn: signIn,
    onSuccess: (state) => authStore.apply(state, 'SIGNED_IN'),
  });
}
