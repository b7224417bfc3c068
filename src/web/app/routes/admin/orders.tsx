import { OrdersAdmin } from '@/web/features/admin-orders/components/orders-admin';

export default function AdminOrdersPage() {
  return <OrdersAdmin />;
}
