import { FunnelCheckoutPage } from '@/web/features/funnel/components/funnel-checkout-page';
import { FunnelProvider } from '@/web/features/funnel/lib/funnel-provider';

export default function FunnelCheckoutRoute() {
  return (
    <FunnelProvider>
      <FunnelCheckoutPage />
    </FunnelProvider>
  );
}
