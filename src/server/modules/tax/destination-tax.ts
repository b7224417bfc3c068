import { createRequire } from 'node:module';

/**
 * Which taxes a destination pays, and whether its prices hold them (docs/decisions/133). Rates come from the
 * `sales-tax` package's data (MIT, kept current: the EU's 27 with 2025's changes, the UK, Switzerland, Norway,
 * Australia, New Zealand, Canada by province, …), which the shop's `tax_rates` setting overrides per country or
 * province. US sales tax is not in the table: it depends on the street, so it is a provider's (Stripe Tax) or none.
 */

type TableEntry = { type: string; rate: number; states?: Record<string, { type: string; rate: number }> };
const TABLE = createRequire(import.meta.url)('sales-tax/res/sales_tax_rates.json') as Record<string, TableEntry>;

/** The EU's member states: VAT at the buyer's rate on goods sent and on PDFs alike (the OSS rules since 2021). */
export const EU_COUNTRIES = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'] as const;

/**
 * Where consumer law wants the price on the shelf to be the price paid, tax included: the EU, the UK, Switzerland,
 * Norway, Australia and New Zealand. Elsewhere tax is added on its own line, as North American shoppers expect.
 */
const INCLUSIVE = new Set<string>([...EU_COUNTRIES, 'GB', 'CH', 'NO', 'AU', 'NZ']);

/**
 * Where the shop collects tax from the table: the EU (its One-Stop Shop), the UK, Switzerland, Norway, Australia and
 * New Zealand (their simplified registrations for sellers abroad) and Canada. Elsewhere the table is not a promise
 * that a foreign seller must or may collect, so none is charged unless the admin sets a rate (an override).
 */
const COLLECTED = new Set<string>([...INCLUSIVE, 'CA']);

/** One tax of a destination: "VAT" at 19 % is { name: 'VAT', rateBps: 1900 }; Quebec's QST is 997.5 basis points. */
export interface TaxComponent {
  name: string;
  rateBps: number;
}

export interface DestinationTax {
  /** The destination's prices include its taxes (the shelf price is the price paid). */
  inclusive: boolean;
  components: TaxComponent[];
  /** US sales tax when the shop collects it: the provider answers per address (no components here). */
  provider: boolean;
}

const NAMES: Record<string, string> = { vat: 'VAT', gst: 'GST', hst: 'HST', pst: 'PST', qst: 'QST' };
const nameOf = (type: string) => NAMES[type] ?? 'Tax';
const bps = (rate: number) => Math.round(rate * 100_000) / 10;

/** The table's taxes of a country (and province): Canada's GST with the province's PST or QST, or one HST. */
function fromTable(country: string, state: string): TaxComponent[] {
  const entry = TABLE[country];
  if (!entry || entry.type === 'none' || !COLLECTED.has(country)) return [];
  const base: TaxComponent = { name: nameOf(entry.type), rateBps: bps(entry.rate) };
  const region = state ? entry.states?.[state] : undefined;
  if (!region) return base.rateBps > 0 ? [base] : [];
  // Harmonised: one tax, the federal and the provincial parts together (Ontario's 13 %).
  if (region.type === 'hst') return [{ name: 'HST', rateBps: bps(entry.rate + region.rate) }];
  return [base, { name: nameOf(region.type), rateBps: bps(region.rate) }].filter((c) => c.rateBps > 0);
}

export interface TaxSettings {
  /** Overrides in basis points by country ("DE") or province ("CA-QC"): one tax at that rate; 0 for none. */
  tax_rates: Record<string, number>;
}

/**
 * The taxes of a destination: an override for its province, else for its country, else the table's; US sales tax
 * only when a provider collects it (`usSalesTax`). No country (a PDF bought without saying where from): none.
 */
export function destinationTax(shop: TaxSettings, country: string | null | undefined, state: string | null | undefined, usSalesTax: boolean): DestinationTax {
  if (!country) return { inclusive: false, components: [], provider: false };
  const inclusive = INCLUSIVE.has(country);
  const region = state ? `${country}-${state}` : null;
  const regional = region ? shop.tax_rates[region] : undefined;
  const override = regional ?? shop.tax_rates[country];
  if (override !== undefined) {
    const name = country === 'US' ? 'Sales tax' : regional !== undefined ? 'Tax' : nameOf(TABLE[country]?.type ?? '');
    return { inclusive, components: override > 0 ? [{ name, rateBps: override }] : [], provider: false };
  }
  if (country === 'US') return { inclusive: false, components: [], provider: usSalesTax };
  return { inclusive, components: fromTable(country, state ?? ''), provider: false };
}
