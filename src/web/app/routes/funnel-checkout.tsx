import { pageHead } from '@/contract/pages';
import { FunnelCheckoutPage } from '@/web/features/funnel/components/funnel-checkout-page';
import { FunnelProvider } from '@/web/features/funnel/lib/funnel-provider';
import type { Funnel } from '@/contract/funnel';
import { funnelQueryOptions } from '@/web/features/funnel/api/get-funnel';
import { withQuery } from '@/web/lib/api-client';
import { renderOnServer } from '../server-render';

export const head = pageHead({
  title: 'Your Certificate, Printed',
  description: 'One official-looking certificate with their name on it, printed and shipped worldwide. Total price with shipping before you pay.',
  indexable: false,
});

export default function FunnelCheckoutRoute() {
  return (
    <FunnelProvider>
      <FunnelCheckoutPage />
    </FunnelProvider>
  );
}

/** Served with the funnel's offer for the award in the address. */
export const serverRender = renderOnServer(async (p) => {
  const award = p.search.get('award');
  await p.queryClient.prefetchQuery({ ...funnelQueryOptions(award), queryFn: () => p.fetchJson<Funnel>(withQuery('/api/funnel', { award })) });
});
