import { AdminPlaceholder } from './admin-placeholder';

export default function AdminOrdersPage() {
  return <AdminPlaceholder title="Orders" lead="Every printed order, its payment and where the parcel is." />;
}
