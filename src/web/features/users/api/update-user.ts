import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@/contract/users';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

export interface UserChange {
  is_admin?: boolean;
  disabled?: boolean;
}

export const updateUser = ({ id, change }: { id: string; change: UserChange }) =>
  apiFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: JSON.stringify(change) });

/** Grants/revokes admin or disables/enables an account, then refreshes the list. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.users.all }),
  });
}
