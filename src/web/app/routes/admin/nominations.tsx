import { NominationsAdmin } from '@/web/features/moderation/components/nominations-admin';

export default function AdminNominationsPage() {
  return <NominationsAdmin />;
}
