import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

export const startGoogle = (redirect?: string) =>
  apiFetch<{ url: string }>('/api/auth/google', {
    method: 'POST',
    body: JSON.stringify(redirect && redirect !== '/' ? { redirect } : {}),
  });

/** Asks the server for the Google URL and sends the browser there. */
export function useStartGoogle() {
  return useMutation({
    mutationFn: startGoogle,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
