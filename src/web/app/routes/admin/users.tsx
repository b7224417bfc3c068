import { UsersAdmin } from '@/web/features/users/components/users-admin';

export default function AdminUsersPage() {
  return <UsersAdmin />;
}
