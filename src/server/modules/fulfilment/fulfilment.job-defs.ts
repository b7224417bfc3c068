import { z } from 'zod';
import { defineJob } from '../jobs/job-queue';

/**
 * Sends a paid order's hand-off to the print provider (submitToPrinter). A provider that is down for an hour delays
 * orders, never loses them: about a day of backed-off retries. Provider calls are I/O: two workers per process, each
 * taking ten at a time.
 */
export const submitJob = defineJob('fulfilment.submit', z.object({ fulfilmentId: z.uuid() }), { retryLimit: 30, expireInSeconds: 600, concurrency: 2, batchSize: 10 });
