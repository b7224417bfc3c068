import { useParams, useSearchParams } from 'react-router';
import { OrderPage } from '@/web/features/orders/components/order-page';

export default function OrderRoute() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  return <OrderPage key={orderId} orderId={orderId} token={params.get('token')} />;
}
