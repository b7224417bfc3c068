import { z } from 'zod';
import { defineJob } from '../jobs';

/**
 * The reconciliation (reconcilePayments): every minute, and once at start, once across instances — stored events
 * that found no order are tried again, payments no event settled are looked up at the provider, and orders past
 * their time are closed. Runs that piled up (one from each process as it starts, a NOTIFY missed) go together at
 * the next fetch, as on every scheduled queue (decision 149).
 */
export const reconcileJob = defineJob('payments.reconcile', z.object({}), { retryLimit: 2, expireInSeconds: 300, cron: '* * * * *', pollSeconds: 60 });

/** A refund the provider had not answered a minute later (a crash, a timeout): asked again and recorded. */
export const finishRefundJob = defineJob('payments.finish-refund', z.object({ refundId: z.uuid() }), { retryLimit: 30, expireInSeconds: 120, batchSize: 10 });
