import { pageHead } from '@/contract/pages';
import { OfferPage } from '@/web/features/funnel/components/offer-page';
import { FunnelProvider } from '@/web/features/funnel/lib/funnel-provider';
import { renderOnServer } from '../server-render';

export const head = pageHead({
  title: 'A Smaller Offer',
  description: 'A smaller one-time addition to your order.',
  indexable: false,
});

export default function FunnelOto1DownsellRoute() {
  return (
    <FunnelProvider>
      <OfferPage kind="downsell" />
    </FunnelProvider>
  );
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
