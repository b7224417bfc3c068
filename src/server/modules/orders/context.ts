import type { FastifyInstance } from 'fastify';
import type { ShopContext } from './orders.service';

/** The shop's services' view of the app (docs/decisions/065: services never see Fastify). */
export function shopContext(app: FastifyInstance): ShopContext {
  return {
    db: app.db,
    secret: app.authSecret,
    publicUrl: app.config.publicUrl,
    payments: app.payments,
    mailer: app.mailer,
    settings: app.settings,
    log: app.log,
    shippingRates: app.shippingRates,
  };
}
