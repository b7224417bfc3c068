/**
 * The settings module's face (docs/decisions/108): the shop's settings: the cached service every module reads, the
 * public settings, the funnel's settings and the admin's form. Other modules, the workflows and the rest of the server
 * import it only from here (eslint: local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export { SettingsService } from './settings.service';
export { shopCurrencies, type ShopSettings } from './shop-settings';
export { funnelSettingsSchema, readFunnelSettings, type FunnelOfferSettings, type FunnelSettings } from './funnel-settings';
