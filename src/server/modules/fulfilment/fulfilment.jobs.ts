import { type JobRegistration, handle } from '../jobs';
import type { ShopDeps } from '@/server/workflows/deps';
import { confirmAtPrinter } from '@/server/workflows/confirm-at-printer';
import { submitToPrinter } from '@/server/workflows/submit-to-printer';
import { confirmJob, submitJob } from './fulfilment.job-defs';

/** The fulfilment module's jobs and their handlers (registered at start in src/server/jobs.ts). */
export function fulfilmentJobs(deps: ShopDeps): JobRegistration[] {
  return [
    handle(submitJob, async ({ fulfilmentId }) => {
      await submitToPrinter.run(deps, { fulfilmentId });
    }),
    handle(confirmJob, async ({ fulfilmentId }) => {
      await confirmAtPrinter.run(deps, { fulfilmentId });
    }),
    // The built-in print shop's own queues (drawing files, its pace) come with it.
    ...(deps.printer.local?.jobs() ?? []),
  ];
}
