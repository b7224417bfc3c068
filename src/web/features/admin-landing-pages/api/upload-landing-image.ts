import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

/** POST /api/admin/landing-pages/images — one picture (PNG, JPEG, WebP or GIF, ≤ 5 MB); answers its public address. */
export const uploadLandingImage = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return apiFetch<{ url: string }>('/api/admin/landing-pages/images', { method: 'POST', body });
};

export function useUploadLandingImage() {
  return useMutation({ mutationFn: uploadLandingImage });
}
