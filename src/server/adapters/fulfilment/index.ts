import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { JobQueue } from '@/server/modules/jobs';
import type { FulfilmentProvider } from './fulfilment-provider';
import { LocalPrintShop } from './local-print-shop';
import { PrintfulFulfilmentProvider } from './printful';

/** Printful when PRINTFUL_API_TOKEN (and its webhook secret) are set, else the built-in local print shop. */
export function createFulfilmentProvider(config: Config, db: Db, authSecret: string, jobs: JobQueue): FulfilmentProvider {
  if (config.printful) {
    return new PrintfulFulfilmentProvider({
      token: config.printful.token,
      webhookSecret: config.printful.webhookSecret,
      ...(config.printful.apiUrl ? { apiUrl: config.printful.apiUrl } : {}),
      ...(config.printful.storeId ? { storeId: config.printful.storeId } : {}),
    });
  }
  return new LocalPrintShop(db, authSecret, config.printShopStepMinutes, jobs);
}
