import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { FunnelStep } from '@/contract/funnel';
import { paths } from '@/contract/paths';
import { ApiRequestError } from '@/web/lib/api-client';
import { useFunnelOrder } from '../api/get-funnel-order';
import { STEP_PATHS } from './funnel-steps';
import { useFunnel } from './funnel-provider';

/**
 * A funnel page's order, and the visitor sent to the step they belong on (the server decides which): without funnel
 * data, or with an order the server no longer knows, to the funnel's checkout; with data of another step —
 * an offer already answered, a finished funnel — to that step. Never a broken page.
 */
export function useFunnelStep(here: readonly FunnelStep[]) {
  const { data, ready, clear, update } = useFunnel();
  const order = useFunnelOrder(data?.order_id ?? null, data?.token ?? null);
  const navigate = useNavigate();
  const next = order.data?.next_step;
  const gone = order.error instanceof ApiRequestError && order.error.status === 404;
  const key = here.join(',');
  useEffect(() => {
    if (!ready) return;
    if (!data) {
      navigate(paths.funnelCheckout, { replace: true });
    } else if (gone) {
      clear();
      navigate(paths.funnelCheckout, { replace: true });
    } else if (next && !key.split(',').includes(next)) {
      navigate(STEP_PATHS[next], { replace: true });
    } else if (next && data.step !== next) {
      update({ step: next });
    }
  }, [ready, data, gone, next, key, navigate, clear, update]);
  return { data, order, ready, onStep: !!next && here.includes(next) };
}
