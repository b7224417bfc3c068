import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '@/server/db/client';
import { defineJob, handle, type JobRegistration } from '../jobs';
import type { SettingsService } from '../settings';
import { syncContacts } from './crm-sync';

/** Every night, a full run catches what the quick runs cannot see (deleted sources, erased emails). */
export const crmSyncJob = defineJob('crm.sync', z.object({}), { retryLimit: 3, expireInSeconds: 900, cron: '47 2 * * *', pollSeconds: 60 });

export function crmJobs(deps: { db: Db; settings: SettingsService; log: FastifyBaseLogger }): JobRegistration[] {
  return [
    handle(crmSyncJob, async () => {
      const result = await syncContacts(deps.db, { currency: (await deps.settings.getShop()).currency, full: true });
      deps.log.info({ crm: result }, 'CRM contacts synced');
    }),
  ];
}
