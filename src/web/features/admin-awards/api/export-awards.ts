import type { AdminAwardListQuery } from '@/contract/admin-awards';
import { apiFetchBlob } from '@/web/lib/api-client';

/** GET /api/admin/awards/export.csv with the list's filters (not its page): the file, saved by the browser. */
export async function exportAwards(filter: Omit<AdminAwardListQuery, 'page' | 'sort' | 'dir'>): Promise<void> {
  const blob = await apiFetchBlob('/api/admin/awards/export.csv', { query: { ...filter } }, 'text/csv');
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `awards-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
