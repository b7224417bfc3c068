import { NominationsAdmin } from '@/web/features/nominations/components/nominations-admin';

export default function AdminNominationsPage() {
  return <NominationsAdmin />;
}
