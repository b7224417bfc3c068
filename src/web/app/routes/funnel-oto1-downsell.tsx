import { OfferPage } from '@/web/features/funnel/components/offer-page';
import { FunnelProvider } from '@/web/features/funnel/lib/funnel-provider';
import { renderOnServer } from '../server-render';

export default function FunnelOto1DownsellRoute() {
  return (
    <FunnelProvider>
      <OfferPage kind="downsell" />
    </FunnelProvider>
  );
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
