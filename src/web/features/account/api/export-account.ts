import { useMutation } from '@tanstack/react-query';
import type { AccountExport } from '@/contract/account';
import { apiFetch } from '@/web/lib/api-client';

export const exportAccount = () => apiFetch<AccountExport>('/api/account/export');

/** Fetches everything we hold about the user and saves it as a JSON file. */
export function useExportAccount() {
  return useMutation({
    mutationFn: exportAccount,
    onSuccess: (data) => {
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `certifiable-my-data-${data.exported_at.slice(0, 10)}.json`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}
