import { z } from 'zod';
import { defineJob } from '../jobs';

/**
 * The reconciliation (reconcilePayments): every minute, and once at start, once across instances — stored events
 * that found no order are tried again, payments no event settled are looked up at the provider, and orders past
 * their time are closed. Up to ten runs a fetch: runs that piled up (one from each process as it starts, a NOTIFY
 * missed) go together, not one a minute's poll behind the clock (decision 149).
 */
export const reconcileJob = defineJob('payments.reconcile', z.object({}), { retryLimit: 2, expireInSeconds: 300, cron: '* * * * *', pollSeconds: 60, batchSize: 10 });

/** A refund the provider had not answered a minute later (a crash, a timeout): asked again and recorded. */
export const finishRefundJob = defineJob('payments.finish-refund', z.object({ refundId: z.uuid() }), { retryLimit: 30, expireInSeconds: 120, batchSize: 10 });
