import type { ShopDeps } from '@/server/workflows/deps';
import { reconcilePayments } from '@/server/workflows/reconcile-payments';
import { finishStaleRefund } from '@/server/workflows/refund-order';
import { handle, type JobRegistration } from '../jobs';
import { finishRefundJob, reconcileJob } from './payments.job-defs';

/** The payments module's jobs and their handlers (registered at start in src/server/jobs.ts). */
export function paymentsJobs(deps: ShopDeps): JobRegistration[] {
  return [
    handle(reconcileJob, async () => {
      const report = await reconcilePayments.run(deps, {});
      if (report.paid || report.abandoned || report.events || report.errors) deps.log.info({ reconciliation: report }, 'payments reconciled');
    }),
    handle(finishRefundJob, ({ refundId }) => finishStaleRefund(deps, refundId)),
    // The built-in test processor delivers its events to our webhook through a queue of its own.
    ...(deps.payments.local?.jobs() ?? []),
  ];
}
