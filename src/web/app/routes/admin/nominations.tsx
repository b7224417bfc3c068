import { NominationsAdmin } from '../../../features/nominations/components/nominations-admin';

export default function AdminNominationsPage() {
  return <NominationsAdmin />;
}
