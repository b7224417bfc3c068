import { useSearchParams } from 'react-router';
import { OrderSuccessPage } from '@/web/features/orders/components/order-success-page';

export default function OrderSuccessRoute() {
  const [params] = useSearchParams();
  return <OrderSuccessPage orderId={params.get('order')} token={params.get('token')} />;
}
