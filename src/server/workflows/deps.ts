import type { FastifyInstance } from 'fastify';
import type { FulfilmentProvider } from '@/server/adapters/fulfilment/fulfilment-provider';
import type { PaymentProvider } from '@/server/adapters/payments/payment-provider';
import type { SalesTaxProvider } from '@/server/adapters/tax/tax-provider';
import type { Config } from '@/server/config';
import type { BaseDeps } from '@/server/lib/workflow';
import type { JobQueue } from '@/server/modules/jobs';
import type { Mailer } from '@/server/modules/mail';
import type { SettingsService } from '@/server/modules/settings';
import type { ShippingRateQuoter, PricingCache } from '@/server/modules/store';

/**
 * What the order pipeline's workflows are given (docs/decisions/065, 108): plain values, no Fastify. Routes and
 * jobs build it once from the app with shopDeps(app).
 */
export interface ShopDeps extends BaseDeps {
  jobs: JobQueue;
  payments: PaymentProvider;
  printer: FulfilmentProvider;
  mailer: Mailer;
  settings: SettingsService;
  /** Signs order links (AUTH_SECRET). */
  secret: string;
  publicUrl: string;
  /** The print provider's live shipping prices (docs/decisions/087). */
  shippingRates?: ShippingRateQuoter | undefined;
  /** The catalogue kept in memory for pricing (cleared with the catalogue's cache). */
  pricing?: PricingCache | undefined;
  /** US sales tax when the shop collects it (docs/decisions/133). */
  salesTax?: SalesTaxProvider | undefined;
  orders: Config['orders'];
}

export function shopDeps(app: FastifyInstance): ShopDeps {
  return {
    db: app.db,
    log: app.log,
    jobs: app.jobs,
    payments: app.payments,
    printer: app.fulfilment,
    mailer: app.mailer,
    settings: app.settings,
    secret: app.authSecret,
    publicUrl: app.config.publicUrl,
    shippingRates: app.shippingRates,
    pricing: app.pricing,
    salesTax: app.salesTax,
    orders: app.config.orders,
  };
}

/** The order mails' dependencies, out of the shop's. */
export const mailDeps = (deps: ShopDeps) => ({
  db: deps.db,
  mailer: deps.mailer,
  settings: deps.settings,
  secret: deps.secret,
  publicUrl: deps.publicUrl,
  testMode: deps.payments.testMode,
});
