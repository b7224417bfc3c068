import { z } from 'zod';
import { defineJob } from '../jobs';

/**
 * Sends a paid order's hand-off to the print provider (submitToPrinter). A provider that is down for an hour delays
 * orders, never loses them: about a day of backed-off retries. Provider calls are I/O: two workers per process, each
 * taking ten at a time.
 */
export const submitJob = defineJob('fulfilment.submit', z.object({ fulfilmentId: z.uuid() }), { retryLimit: 30, expireInSeconds: 600, concurrency: 2, batchSize: 10 });

/**
 * Confirms again, at the print provider, an order it took off hold (Printful: back to a draft that is printed only
 * once confirmed). Enqueued with the hold's lifting, in its transaction, by an id derived from the event.
 */
export const confirmJob = defineJob('fulfilment.confirm', z.object({ fulfilmentId: z.uuid() }), { retryLimit: 30, expireInSeconds: 300, concurrency: 1 });
