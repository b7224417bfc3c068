import { ProductsAdmin } from '@/web/features/admin-products/components/products-admin';

export default function AdminProductsPage() {
  return <ProductsAdmin />;
}
