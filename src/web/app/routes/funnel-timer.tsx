import { FunnelTimerPage } from '@/web/features/funnel/components/funnel-timer-page';
import { FunnelProvider } from '@/web/features/funnel/lib/funnel-provider';
import { renderOnServer } from '../server-render';

export default function FunnelTimerRoute() {
  return (
    <FunnelProvider>
      <FunnelTimerPage />
    </FunnelProvider>
  );
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
