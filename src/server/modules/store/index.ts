/**
 * The store module's face (docs/decisions/108): the store's catalogue, prices and quotes, shipping rates, and the
 * pricing rules every order total follows. Other modules, the workflows and the rest of the server import it only from
 * here (eslint: local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export { addedTaxes, formatMoney, mergeTaxLines, taxAmount, type TaxLine } from './pricing';
export { ShippingRateQuoter } from './shipping-rates';
export { PricingCache, quote, shippingMethods, shippingTo } from './store.service';
