import { OfferPage } from '@/web/features/funnel/components/offer-page';
import { FunnelProvider } from '@/web/features/funnel/lib/funnel-provider';

export default function FunnelOto1Route() {
  return (
    <FunnelProvider>
      <OfferPage kind="oto1" />
    </FunnelProvider>
  );
}
