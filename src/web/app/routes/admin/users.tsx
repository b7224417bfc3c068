import { UsersAdmin } from '../../../features/users/components/users-admin';

export default function AdminUsersPage() {
  return <UsersAdmin />;
}
