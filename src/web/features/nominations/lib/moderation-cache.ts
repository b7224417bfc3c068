import type { QueryClient } from '@tanstack/react-query';

/** After any moderation action: the admin lists, the public wall and certificate pages may all have changed. */
export function refreshAfterModeration(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['admin', 'nominations'] });
  void queryClient.invalidateQueries({ queryKey: ['community'] });
  void queryClient.invalidateQueries({ queryKey: ['certificates'] });
}
