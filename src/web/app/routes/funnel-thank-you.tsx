import { pageHead } from '@/contract/pages';
import { ThankYouPage } from '@/web/features/funnel/components/thank-you-page';
import { FunnelProvider } from '@/web/features/funnel/lib/funnel-provider';
import { OrderDetails } from '@/web/features/orders/components/order-details';
import { renderOnServer } from '../server-render';

export const head = pageHead({
  title: 'Thank You',
  description: 'Your order is confirmed.',
  indexable: false,
});

export default function FunnelThankYouRoute() {
  return (
    <FunnelProvider>
      <ThankYouPage renderOrder={(order) => <OrderDetails order={order} />} />
    </FunnelProvider>
  );
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
