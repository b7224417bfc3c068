import { AdminPlaceholder } from './admin-placeholder';

export default function AdminProductsPage() {
  return <AdminPlaceholder title="Products" lead="Printed products, variants and print templates." />;
}
