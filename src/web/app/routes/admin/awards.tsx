import { AwardsAdmin } from '@/web/features/admin-awards/components/awards-admin';

export default function AdminAwardsPage() {
  return <AwardsAdmin />;
}
