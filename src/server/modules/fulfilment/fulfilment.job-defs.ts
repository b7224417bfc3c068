import { z } from 'zod';
import { defineJob } from '../jobs/job-queue';

/**
 * Sends a paid order's hand-off to the print provider (submitToPrinter). A provider that is down for an hour delays
 * orders, never loses them: about a day of backed-off retries. Provider calls are I/O: four at once per process,
 * ten fetched at a time.
 */
export const submitJob = defineJob('fulfilment.submit', z.object({ fulfilmentId: z.uuid() }), { retryLimit: 30, expireInSeconds: 600, concurrency: 4, batchSize: 10 });
