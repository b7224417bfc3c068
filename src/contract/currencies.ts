/**
 * The currencies a shop may sell in (docs/decisions/134): its own (`shop.currency`) and the price lists it keeps for
 * others. Two-decimal currencies Stripe takes for cards; no exchange rates — every price in each is the admin's.
 */
export const SHOP_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN'] as const;
export type ShopCurrency = (typeof SHOP_CURRENCIES)[number];

/** Extra currencies a shop may keep price lists for. */
export const EXTRA_CURRENCIES_MAX = 10;

/** The euro area's members (Bulgaria since 1 January 2026) and the states that use the euro with them. */
const EUROZONE = ['AT', 'BE', 'BG', 'HR', 'CY', 'EE', 'FI', 'FR', 'DE', 'GR', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PT', 'SK', 'SI', 'ES', 'AD', 'MC', 'SM', 'VA', 'ME', 'XK'];

const OF_COUNTRY: Record<string, string> = {
  ...Object.fromEntries(EUROZONE.map((c) => [c, 'EUR'])),
  GB: 'GBP',
  IM: 'GBP',
  JE: 'GBP',
  GG: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  LI: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
};

/** The currency a country pays in, when the shop sells in it; else the shop's own (a US shop's dollars abroad). */
export function currencyForCountry(country: string | null | undefined, offered: readonly string[], own: string): string {
  const local = country ? OF_COUNTRY[country] : undefined;
  return local && offered.includes(local) ? local : own;
}
