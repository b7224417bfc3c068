import Stripe from 'stripe';
import { regionsOf } from '@/contract/address';
import { stripeEndpoint, stripeFailure } from '@/server/lib/stripe-failure';
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
      ...(opts.apiUrl ? stripeEndpoint(opts.apiUrl) : {}),
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
  // The address form's own list of US states, DC and territories (contract/address.ts).
  const stateName = state && (d.country ?? 'US').toUpperCase() === 'US' ? regionsOf('US')?.find((r) => r.code === state)?.name : undefined;
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


const WHAT = 'Could not calculate US sales tax through Stripe Tax';

/**
 * A Stripe failure as a message an admin can act on (lib/stripe-failure.ts, as the payment adapter reads them), with
 * Stripe Tax's own: an address it cannot place in a US tax jurisdiction, Stripe Tax not activated — not retryable.
 */
function taxError(err: unknown): TaxProviderError {
  const f = stripeFailure(WHAT, err, (e, detail, ref) => {
    if (e.code === 'customer_tax_location_invalid' || e.param?.startsWith('customer_details[address]')) {
      return `${WHAT}: Stripe could not tax the shipping address, as it could not place it in a US tax jurisdiction (${detail}). Check the address's ZIP code, state and country${ref}.`;
    }
    if (e.code === 'stripe_tax_inactive') {
      return `${WHAT}: Stripe Tax is not active on this Stripe account; activate it in the Stripe Dashboard (Settings → Tax) or turn US sales tax off (${detail})${ref}.`;
    }
    return null;
  });
  return new TaxProviderError(f.message, f.retryable);
}
