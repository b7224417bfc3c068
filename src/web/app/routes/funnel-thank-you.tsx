import { ThankYouPage } from '@/web/features/funnel/components/thank-you-page';
import { FunnelProvider } from '@/web/features/funnel/lib/funnel-provider';
import { OrderDetails } from '@/web/features/orders/components/order-details';

export default function FunnelThankYouRoute() {
  return (
    <FunnelProvider>
      <ThankYouPage renderOrder={(order) => <OrderDetails order={order} />} />
    </FunnelProvider>
  );
}
