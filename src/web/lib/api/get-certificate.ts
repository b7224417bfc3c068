import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Certificate } from '@/contract/nominations';
import { ApiRequestError, apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/certificates/:share_id — what anyone with the link may see (the certificate page, the store). */
export const getCertificate = (shareId: string) =>
  apiFetch<Certificate>(`/api/certificates/${encodeURIComponent(shareId)}`);

export const certificateQueryOptions = (shareId: string) =>
  queryOptions({
    queryKey: queryKeys.certificates.detail(shareId),
    queryFn: () => getCertificate(shareId),
    staleTime: 30_000,
    // Unknown, withdrawn or malformed links will not change by asking again.
    retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 1,
    // Nor by opening the page again. It also lets a server-rendered "not found" hydrate as it was rendered
    // instead of as a spinner while it is asked again (docs/decisions/089).
    retryOnMount: false,
  });

export function useCertificate(shareId: string) {
  return useQuery(certificateQueryOptions(shareId));
}
