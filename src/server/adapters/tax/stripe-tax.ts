import Stripe from 'stripe';
import { TaxProviderError, type SalesTaxComponent, type SalesTaxInput, type SalesTaxProvider } from './tax-provider';

export interface StripeTaxProviderOptions {
  secretKey: string;
  /** Only for contract tests against a loopback server that speaks Stripe's API (its path is ignored: /v1/…). */
  apiUrl?: string;
}

/**
 * Stripe's product tax codes (https://docs.stripe.com/tax/tax-codes): a print is a tangible good; a PDF edition is
 * an electronically supplied service, which many states tax differently from goods or not at all.
 */
export const STRIPE_TAX_CODES = {
  /** General - Tangible Goods: the state's standard rate. */
  goods: 'txcd_99999999',
  /** General - Electronically Supplied Services. */
  digital: 'txcd_10000000',
} as const;

/**
 * US sales tax from Stripe Tax's calculation API (docs/decisions/133), with the official `stripe` package. A
 * calculation is a quote, not a record: it creates nothing a repeat would duplicate, so it carries no idempotency
 * key of ours (the `stripe` client still sends its own on retries). The shopper waits at checkout for the answer,
 * hence a shorter timeout than the payment adapter's.
 */
export class StripeTaxProvider implements SalesTaxProvider {
  readonly name = 'stripe_tax' as const;
  private readonly stripe: Stripe;

  constructor(opts: StripeTaxProviderOptions) {
    this.stripe = new Stripe(opts.secretKey, {
      ...(opts.apiUrl ? endpointOf(opts.apiUrl) : {}),
      maxNetworkRetries: 2,
      timeout: 10_000,
      appInfo: { name: 'Certifiable' },
    });
  }

  async calculate(input: SalesTaxInput): Promise<SalesTaxComponent[]> {
    // Stripe refuses a calculation without line items; an empty cart owes no tax.
    if (input.lines.length === 0) return [];
    let calculation: Stripe.Tax.Calculation;
    try {
      calculation = await this.stripe.tax.calculations.create({
        currency: input.currency.toLowerCase(),
        line_items: input.lines.map((line) => ({
          amount: line.amount,
          quantity: line.quantity,
          reference: line.reference,
          // US sales tax is added on top of a price, never inside it.
          tax_behavior: 'exclusive' as const,
          tax_code: line.digital ? STRIPE_TAX_CODES.digital : STRIPE_TAX_CODES.goods,
        })),
        // Stripe taxes shipping with the shipping tax code of the account's Tax settings.
        ...(input.shipping > 0 ? { shipping_cost: { amount: input.shipping, tax_behavior: 'exclusive' as const } } : {}),
        customer_details: { address: addressOf(input.address), address_source: 'shipping' },
      });
    } catch (err) {
      throw taxError(err);
    }
    return componentsOf(calculation.tax_breakdown);
  }
}

/** The address as Stripe Tax reads it; empty fields are left out (Stripe would read "" as "unset" anyway). */
function addressOf(a: SalesTaxInput['address']): Stripe.Tax.CalculationCreateParams.CustomerDetails.Address {
  const state = a.state.trim().toUpperCase();
  const postalCode = a.postalCode.trim();
  const city = a.city.trim();
  const line1 = a.line1.trim();
  return {
    country: a.country.trim().toUpperCase(),
    ...(state ? { state } : {}),
    ...(postalCode ? { postal_code: postalCode } : {}),
    ...(city ? { city } : {}),
    ...(line1 ? { line1 } : {}),
  };
}

/**
 * The taxes of a calculation, one per name and rate: zero amounts left out (a state where the account does not
 * collect answers one `not_collecting` entry of 0), entries of the same tax and rate added up.
 */
export function componentsOf(breakdown: Stripe.Tax.Calculation.TaxBreakdown[]): SalesTaxComponent[] {
  const out: SalesTaxComponent[] = [];
  for (const entry of breakdown) {
    if (entry.amount === 0) continue;
    const name = taxName(entry.tax_rate_details);
    const rateBps = Math.round(Number(entry.tax_rate_details.percentage_decimal) * 100);
    const same = out.find((c) => c.name === name && c.rateBps === rateBps);
    if (same) same.amount += entry.amount;
    else out.push({ name, rateBps, amount: entry.amount });
  }
  return out;
}

/**
 * A name for the shopper's receipt. A calculation's breakdown has no display name (only the shipping breakdown's
 * rate details carry one), so the name is made from the tax type and the state: "California sales tax". Should
 * Stripe add a `display_name`, its own wording wins.
 */
export function taxName(d: Stripe.Tax.Calculation.TaxBreakdown.TaxRateDetails): string {
  if ('display_name' in d && typeof d.display_name === 'string' && d.display_name.trim()) return d.display_name.trim();
  const type = d.tax_type ? taxTypeLabel(d.tax_type) : 'tax';
  const state = d.state?.toUpperCase() ?? null;
  const stateName = state && (d.country ?? 'US').toUpperCase() === 'US' ? US_STATES[state] : undefined;
  if (stateName) return `${stateName} ${type}`;
  const place = state ?? d.country?.toUpperCase() ?? null;
  const label = type.charAt(0).toUpperCase() + type.slice(1);
  return place ? `${label} (${place})` : label;
}

/** `sales_tax` → "sales tax", `vat` → "VAT". */
function taxTypeLabel(type: string): string {
  if (ACRONYMS.has(type)) return type.toUpperCase();
  return type.replace(/_/g, ' ');
}

const ACRONYMS = new Set(['vat', 'gst', 'hst', 'pst', 'qst', 'rst', 'igst', 'jct', 'nhil']);

/** US states, DC and the territories Stripe Tax covers, by postal abbreviation. */
const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
  GU: 'Guam',
  VI: 'U.S. Virgin Islands',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
};

function endpointOf(apiUrl: string): { protocol: 'http' | 'https'; host: string; port: number } {
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443 };
}

const WHAT = 'Could not calculate US sales tax through Stripe Tax';

/**
 * A Stripe failure as a message an admin can act on (the same reading as the payment adapter's). Retryable:
 * Stripe could not be reached, had a problem on its side (5xx), was busy with the same request (409) or limited
 * our rate (429); the `stripe` client has already retried twice by then. Not retryable: an address Stripe cannot
 * place, Stripe Tax not activated, a refused key, any other 4xx.
 */
function taxError(err: unknown): TaxProviderError {
  if (!(err instanceof Stripe.errors.StripeError)) {
    return new TaxProviderError(`${WHAT}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const status = err.statusCode;
  const ref = err.requestId ? ` (Stripe request ${err.requestId})` : '';
  const detail = `${err.message.replace(/\.$/, '')}${err.param ? ` [parameter ${err.param}]` : ''}`;
  if (err instanceof Stripe.errors.StripeConnectionError || status === undefined) {
    return new TaxProviderError(`${WHAT}: Stripe could not be reached (${err.message}). Try again in a moment.`, true);
  }
  if (status === 429 || err instanceof Stripe.errors.StripeRateLimitError) {
    return new TaxProviderError(`${WHAT}: Stripe is limiting our requests (HTTP 429). Try again in a moment${ref}.`, true);
  }
  if (status >= 500) {
    return new TaxProviderError(`${WHAT}: Stripe had a problem on its side (HTTP ${status}: ${detail}). Try again in a moment${ref}.`, true);
  }
  if (status === 409) {
    return new TaxProviderError(`${WHAT}: Stripe was still busy with the same request (HTTP 409: ${detail}). Try again in a moment${ref}.`, true);
  }
  if (status === 401 || err instanceof Stripe.errors.StripeAuthenticationError) {
    return new TaxProviderError(`${WHAT}: Stripe refused the API key in STRIPE_SECRET_KEY (${detail})${ref}.`, false);
  }
  if (status === 403 || err instanceof Stripe.errors.StripePermissionError) {
    return new TaxProviderError(`${WHAT}: the Stripe key in STRIPE_SECRET_KEY may not do this (${detail})${ref}.`, false);
  }
  if (err.code === 'customer_tax_location_invalid' || err.param?.startsWith('customer_details[address]')) {
    return new TaxProviderError(
      `${WHAT}: Stripe could not tax the shipping address, as it could not place it in a US tax jurisdiction (${detail}). Check the address's ZIP code, state and country${ref}.`,
      false,
    );
  }
  if (err.code === 'stripe_tax_inactive') {
    return new TaxProviderError(`${WHAT}: Stripe Tax is not active on this Stripe account; activate it in the Stripe Dashboard (Settings → Tax) or turn US sales tax off (${detail})${ref}.`, false);
  }
  return new TaxProviderError(`${WHAT}: Stripe refused the request (HTTP ${status}: ${detail})${ref}.`, false);
}
