import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/web/lib/query-keys';

/** After any moderation action: the admin lists, the public wall and certificate pages may all have changed. */
export function refreshAfterModeration(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.admin.nominations.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.community.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.certificates.all });
}
