import { AdminPlaceholder } from './admin-placeholder';

export default function AdminCrmContact() {
  return <AdminPlaceholder title="Contact" lead="One contact's details, nominations, orders and notes." />;
}
