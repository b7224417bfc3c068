import { ComingSoon } from '../../../components/layout/coming-soon';
import { ADMIN_SECTIONS } from './admin-sections';

export default function AdminDashboard() {
  return <ComingSoon title="Dashboard" lead={ADMIN_SECTIONS[0].lead} />;
}
