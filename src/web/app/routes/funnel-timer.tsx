import { FunnelTimerPage } from '@/web/features/funnel/components/funnel-timer-page';
import { FunnelProvider } from '@/web/features/funnel/lib/funnel-provider';

export default function FunnelTimerRoute() {
  return (
    <FunnelProvider>
      <FunnelTimerPage />
    </FunnelProvider>
  );
}
