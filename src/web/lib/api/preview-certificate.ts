import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificatePreviewBody } from '@/contract/nominations';
import { ApiRequestError, apiFetchBlob, withQuery } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** POST /api/certificates/preview: the certificate as SVG, drawn by the same renderer as the real thing. */
export const previewCertificate = (body: CertificatePreviewBody, signal?: AbortSignal) =>
  apiFetchBlob(
    '/api/certificates/preview',
    { method: 'POST', body: JSON.stringify(body), ...(signal ? { signal } : {}) },
    'image/svg+xml',
  );

/** GET /api/certificates/preview.svg: an award's drawing with the placeholder name, cacheable (a plain image URL). */
export const awardPreviewUrl = (awardId: string, templateId: string | null) =>
  withQuery('/api/certificates/preview.svg', { award_id: awardId, template_id: templateId ?? undefined });

export const previewQueryOptions = (body: CertificatePreviewBody | null) =>
  queryOptions({
    queryKey: queryKeys.certificatePreviews.detail(body),
    queryFn: ({ signal }) => previewCertificate(body!, signal),
    enabled: body !== null,
    // The same words twice (typing, then deleting) come back from the cache; blobs are dropped soon after.
    staleTime: Infinity,
    gcTime: 60_000,
    // Too many previews (429): wait a moment and try once more; other failures are shown at once.
    retry: (count, error) => error instanceof ApiRequestError && error.status === 429 && count < 2,
    retryDelay: 1_500,
  });

/**
 * The live preview. `body` should already be debounced; while a new one loads the previous image
 * stays (placeholder), and a request overtaken by a newer one is aborted.
 */
export function useCertificatePreview(body: CertificatePreviewBody | null) {
  return useQuery({ ...previewQueryOptions(body), placeholderData: keepPreviousData });
}
