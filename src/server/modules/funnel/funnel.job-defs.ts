import { z } from 'zod';
import { defineJob } from '../jobs';

/** When a funnel order's window ends: settle the offers and release the order (closeFunnel), once across instances. */
export const closeFunnelJob = defineJob('funnel.close', z.object({ orderId: z.uuid() }), { retryLimit: 20, expireInSeconds: 120, batchSize: 10 });
