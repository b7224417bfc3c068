import { pageHead } from '@/contract/pages';
import { useSearchParams } from 'react-router';
import { OrderSuccessPage } from '@/web/features/orders/components/order-success-page';

export const head = pageHead({
  title: 'Order Confirmed',
  description: 'Thank you. Your order is on its way to the print room.',
  indexable: false,
});

export default function OrderSuccessRoute() {
  const [params] = useSearchParams();
  return <OrderSuccessPage orderId={params.get('order')} token={params.get('token')} />;
}
