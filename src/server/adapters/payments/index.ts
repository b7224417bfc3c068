import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { JobQueue } from '@/server/modules/jobs';
import type { PaymentProvider } from './payment-provider';
import { StripePaymentProvider } from './stripe';
import { TestCardProcessor } from './test-processor';

/** Stripe when configured (STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET), else the built-in test card processor. */
export function createPaymentProvider(config: Config, db: Db, authSecret: string, jobs: JobQueue): PaymentProvider {
  if (config.stripe) return new StripePaymentProvider(config.stripe);
  return new TestCardProcessor(db, TestCardProcessor.secretFrom(authSecret), config.publicUrl, jobs);
}
