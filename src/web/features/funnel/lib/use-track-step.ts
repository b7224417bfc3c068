import { useCallback } from 'react';
import { trackEvent } from '@/web/lib/analytics';
import type { TrackedStep } from './funnel-steps';
import { useFunnel } from './funnel-provider';

/**
 * Records a funnel step as a `funnel_step` analytics event (consent permitting), once per order: the steps already
 * sent are remembered with the funnel's data, so a reload or a second visit to the page does not count twice.
 */
export function useTrackStep() {
  const { data, update } = useFunnel();
  return useCallback(
    (step: TrackedStep) => {
      if (!data || data.tracked?.includes(step)) return;
      update({ tracked: [...(data.tracked ?? []), step] });
      trackEvent('funnel_step', { step, order_id: data.order_id });
    },
    [data, update],
  );
}
