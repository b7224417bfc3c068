import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings, SettingsGroup, SettingsValues } from '@/contract/admin-settings';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** PUT /api/admin/settings/{group} — the whole group; audited; the answer is every group as it is now. */
export const saveSettings = <G extends SettingsGroup>(group: G, body: SettingsValues[G]) =>
  apiFetch<AdminSettings>(`/api/admin/settings/${group}`, { method: 'PUT', body: JSON.stringify(body) });

export function useSaveSettings<G extends SettingsGroup>(group: G) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsValues[G]) => saveSettings(group, body),
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.admin.settings.all, settings);
      // The change is in the audit log, and the dashboard's currency may have moved.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.dashboard.all });
    },
  });
}
