import type { FastifyInstance } from 'fastify';
import { analyticsJobs } from './modules/analytics';
import { bugReportJobs, bugReportsContext } from './modules/bug-reports';
import { crmJobs } from './modules/crm/crm.jobs';
import { fulfilmentJobs } from './modules/fulfilment/fulfilment.jobs';
import { funnelJobs } from './modules/funnel/funnel.jobs';
import { retentionJobs } from './modules/jobs';
import { mailJobs } from './modules/mail';
import { orderMailJobs } from './modules/orders';
import { reconcileJob } from './modules/payments';
import { paymentsJobs } from './modules/payments/payments.jobs';
import { mailDeps, shopDeps } from './workflows/deps';
import { releasedOrderJobs } from './workflows/release-order';

/**
 * Every job of the app, registered at start in this one place (docs/decisions/108). Each module declares its jobs —
 * name, zod payload, options — in its `*.job-defs.ts`, and hands them with their handlers from its `*.jobs.ts`;
 * providers that run inside the shop (the test card processor, the print shop) bring their own.
 */
export function registerJobs(app: FastifyInstance): void {
  const deps = shopDeps(app);
  app.jobs.register([
    ...mailJobs(app.mailer),
    ...orderMailJobs(mailDeps(deps)),
    ...paymentsJobs(deps),
    ...fulfilmentJobs(deps),
    ...releasedOrderJobs(deps),
    ...funnelJobs(deps),
    ...crmJobs({ db: app.db, settings: app.settings, log: app.log }),
    ...analyticsJobs(app.db, app.log),
    ...bugReportJobs(bugReportsContext(app)),
    ...retentionJobs(app.db, app.log),
  ]);
  // At start, once across the instances starting together: settle what a crash may have left.
  app.addHook('onReady', async () => {
    if (app.config.jobs.mode === 'workers') await app.jobs.send(reconcileJob, {}, { singletonKey: 'reconcile-at-start' });
  });
}
