import { BugReportsAdmin } from '@/web/features/admin-bug-reports/components/bug-reports-admin';

export default function AdminBugReportsPage() {
  return <BugReportsAdmin />;
}
