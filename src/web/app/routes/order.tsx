import { pageHead } from '@/contract/pages';
import { useParams, useSearchParams } from 'react-router';
import { OrderPage } from '@/web/features/orders/components/order-page';

export const head = pageHead({
  title: 'Order Status',
  description: 'Where your certificate is right now.',
  indexable: false,
});

export default function OrderRoute() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  return <OrderPage key={orderId} orderId={orderId} token={params.get('token')} />;
}
