import { Dashboard } from '@/web/features/admin-dashboard/components/dashboard';

/** /admin: the dashboard, in its own chunk with its charts (recharts never reaches the public pages). */
export default function AdminDashboard() {
  return <Dashboard />;
}
