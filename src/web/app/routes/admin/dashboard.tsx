import { AdminPlaceholder } from './admin-placeholder';
import { ADMIN_SECTIONS } from './admin-sections';

export default function AdminDashboard() {
  return <AdminPlaceholder title="Dashboard" lead={ADMIN_SECTIONS[0].lead} />;
}
