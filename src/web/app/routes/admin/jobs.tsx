import { JobsAdmin } from '@/web/features/admin-jobs/components/jobs-admin';

export default function AdminJobsPage() {
  return <JobsAdmin />;
}
