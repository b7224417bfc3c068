import { CrmAdmin } from '@/web/features/admin-crm/components/crm-admin';

export default function AdminCrmPage() {
  return <CrmAdmin />;
}
