/**
 * Sales tax worked out by an outside service (docs/decisions/133): today US sales tax through Stripe Tax, for shops
 * that must collect it (off by default). VAT and GST everywhere else come from the built-in rate table
 * (src/server/modules/tax), which needs no provider.
 */

/** One taxable line, tax-exclusive, after its share of the discount, in minor units of `currency`. */
export interface SalesTaxLine {
  /** Our own reference of the line (its index in the cart), echoed back by providers that keep one. */
  reference: string;
  amount: number;
  quantity: number;
  /** A PDF edition (an electronically supplied service); false for a print shipped as goods. */
  digital: boolean;
}

export interface SalesTaxInput {
  /** ISO 4217, upper case (USD). */
  currency: string;
  lines: SalesTaxLine[];
  /** The shipping charged, tax-exclusive (0 when nothing ships). */
  shipping: number;
  /** Where the goods go: the shipping address (country ISO 3166-1 alpha-2, state as its postal abbreviation). */
  address: { country: string; state: string; postalCode: string; city: string; line1: string };
}

/** One tax of the answer, e.g. "California Sales Tax" at 7.25 %: its rate in basis points and its amount. */
export interface SalesTaxComponent {
  name: string;
  rateBps: number;
  amount: number;
}

export interface SalesTaxProvider {
  readonly name: 'stripe_tax';
  /** The taxes due on the input, added to its amounts (US sales tax is never inside a price). */
  calculate(input: SalesTaxInput): Promise<SalesTaxComponent[]>;
}

/** The provider could not be asked or did not answer: the checkout says so and charges nothing. */
export class TaxProviderError extends Error {
  constructor(
    message: string,
    readonly retryable = true,
  ) {
    super(message);
    this.name = 'TaxProviderError';
  }
}
