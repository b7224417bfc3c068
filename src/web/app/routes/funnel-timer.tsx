import { pageHead } from '@/contract/pages';
import { FunnelTimerPage } from '@/web/features/funnel/components/funnel-timer-page';
import { FunnelProvider } from '@/web/features/funnel/lib/funnel-provider';
import { renderOnServer } from '../server-render';

export const head = pageHead({
  title: 'Payment Received',
  description: 'Your order is confirmed and waits a few minutes before it goes to print.',
  indexable: false,
});

export default function FunnelTimerRoute() {
  return (
    <FunnelProvider>
      <FunnelTimerPage />
    </FunnelProvider>
  );
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
