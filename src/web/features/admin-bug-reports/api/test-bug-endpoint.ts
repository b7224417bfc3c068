import { useMutation } from '@tanstack/react-query';
import type { BugEndpointTest } from '@/contract/bug-reports';
import { apiFetch } from '@/web/lib/api-client';

/** POST /api/admin/bug-reports/test — do create-bug's database and attachment storage answer? */
export const testBugEndpoint = () => apiFetch<BugEndpointTest>('/api/admin/bug-reports/test', { method: 'POST' });

export function useTestBugEndpoint() {
  return useMutation({ mutationFn: testBugEndpoint });
}
