import { AdminPlaceholder } from './admin-placeholder';
import { ADMIN_SECTIONS } from './admin-sections';

export default function AdminNominationsPage() {
  return <AdminPlaceholder title="Nominations" lead={ADMIN_SECTIONS[6].lead} />;
}
