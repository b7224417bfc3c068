import { SettingsPage } from '@/web/features/admin-settings/components/settings-page';

/** /admin/settings (issue 14). */
export default function AdminSettingsPage() {
  return <SettingsPage />;
}
