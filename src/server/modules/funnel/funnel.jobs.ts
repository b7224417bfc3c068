import type { ShopDeps } from '@/server/workflows/deps';
import { closeFunnel } from '@/server/workflows/close-funnel';
import { handle, type JobRegistration } from '../jobs';
import { closeFunnelJob } from './funnel.job-defs';

/** The funnel module's jobs and their handlers (registered at start in src/server/jobs.ts). */
export function funnelJobs(deps: ShopDeps): JobRegistration[] {
  return [handle(closeFunnelJob, ({ orderId }) => closeFunnel.run(deps, { orderId }))];
}
