import net from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStripeServer, type StripeServer } from '@/server/test/loopback/stripe-server';
import { componentsOf, StripeTaxProvider, taxName } from './stripe-tax';
import { TaxProviderError, type SalesTaxInput } from './tax-provider';

const SECRET_KEY = 'sk_test_51LoopbackCertifiable0000';
const WEBHOOK_SECRET = 'whsec_loopbackCertifiable';
const PATH = '/v1/tax/calculations';

/** A framed print and a PDF edition, shipped to San Francisco. */
function californian(over: Partial<SalesTaxInput> = {}): SalesTaxInput {
  return {
    currency: 'USD',
    lines: [
      { reference: '0', amount: 4590, quantity: 1, digital: false },
      { reference: '1', amount: 1290, quantity: 2, digital: true },
    ],
    shipping: 690,
    address: { country: 'US', state: 'CA', postalCode: '94103', city: 'San Francisco', line1: '1 Market St' },
    ...over,
  };
}

/** The rejection of `p`, which must be a TaxProviderError. */
async function taxErrorOf(p: Promise<unknown>): Promise<TaxProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TaxProviderError);
  return err as TaxProviderError;
}

describe('StripeTaxProvider against a loopback server that speaks Stripe', () => {
  let server: StripeServer;
  let tax: StripeTaxProvider;
  /** The tax calculation requests that arrived since `from` (an index into server.requests). */
  const calculationsSince = (from: number) => server.requests.slice(from).filter((r) => r.path === PATH);

  beforeAll(async () => {
    server = await startStripeServer({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, taxRates: { CA: '7.25', NY: '4.0' } });
    tax = new StripeTaxProvider({ secretKey: SECRET_KEY, apiUrl: server.url });
  });
  afterEach(() => {
    server.failTaxCalculations(null);
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends every line with its tax code, the shipping and the address; answers the state tax the server worked out', async () => {
    expect(tax.name).toBe('stripe_tax');
    const from = server.requests.length;
    const components = await tax.calculate(californian());

    const [req, ...more] = calculationsSince(from);
    expect(more).toHaveLength(0);
    expect(req).toMatchObject({ method: 'POST', path: PATH, authorization: `Bearer ${SECRET_KEY}`, stripeVersion: Stripe.API_VERSION });
    expect(req!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req!.raw).toContain('line_items[1][tax_code]=txcd_10000000');
    expect(req!.params).toEqual({
      currency: 'usd',
      line_items: [
        { amount: '4590', quantity: '1', reference: '0', tax_behavior: 'exclusive', tax_code: 'txcd_99999999' },
        { amount: '1290', quantity: '2', reference: '1', tax_behavior: 'exclusive', tax_code: 'txcd_10000000' },
      ],
      shipping_cost: { amount: '690', tax_behavior: 'exclusive' },
      customer_details: {
        address: { country: 'US', state: 'CA', postal_code: '94103', city: 'San Francisco', line1: '1 Market St' },
        address_source: 'shipping',
      },
    });

    // 7.25 % of each amount, rounded half up on its own: 332.775 → 333, 93.525 → 94, 50.025 → 50. Rounding the
    // sum instead (476.325) would give 476.
    expect(components).toEqual([{ name: 'California sales tax', rateBps: 725, amount: 477 }]);
    const calculation = [...server.taxCalculations.values()].at(-1)!;
    expect(calculation).toMatchObject({ object: 'tax.calculation', currency: 'usd', amount_total: 6570 + 477, tax_amount_exclusive: 477, shipping_cost: { amount: 690, amount_tax: 50 } });
  });

  it('sends no shipping cost when nothing ships, and reads a rate written "4.0"', async () => {
    const from = server.requests.length;
    const components = await tax.calculate({
      currency: 'USD',
      lines: [{ reference: '0', amount: 2500, quantity: 1, digital: false }],
      shipping: 0,
      address: { country: 'us', state: 'ny', postalCode: ' 10001 ', city: 'New York', line1: '' },
    });
    const [req] = calculationsSince(from);
    expect(req!.params).toEqual({
      currency: 'usd',
      line_items: [{ amount: '2500', quantity: '1', reference: '0', tax_behavior: 'exclusive', tax_code: 'txcd_99999999' }],
      // Upper-cased and trimmed; the empty street left out.
      customer_details: { address: { country: 'US', state: 'NY', postal_code: '10001', city: 'New York' }, address_source: 'shipping' },
    });
    expect(components).toEqual([{ name: 'New York sales tax', rateBps: 400, amount: 100 }]);
  });

  it('a state where nothing is collected is no tax at all', async () => {
    const components = await tax.calculate(californian({ address: { country: 'US', state: 'OR', postalCode: '97201', city: 'Portland', line1: '1 Main St' } }));
    expect(components).toEqual([]);
    // Stripe's answer there is one zero entry, which the adapter leaves out.
    expect([...server.taxCalculations.values()].at(-1)!.tax_breakdown).toEqual([
      expect.objectContaining({ amount: 0, taxability_reason: 'not_collecting', tax_rate_details: expect.objectContaining({ state: 'OR', percentage_decimal: '0.0' }) }),
    ]);
  });

  it('an address without a postal code is an error the admin can act on, not retried', async () => {
    const from = server.requests.length;
    const err = await taxErrorOf(tax.calculate(californian({ address: { country: 'US', state: 'CA', postalCode: '', city: 'San Francisco', line1: '1 Market St' } })));
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/^Could not calculate US sales tax through Stripe Tax: Stripe could not tax the shipping address/);
    expect(err.message).toContain("We could not determine the customer's tax location based on the provided customer address [parameter customer_details[address][postal_code]]");
    expect(err.message).toContain("Check the address's ZIP code, state and country (Stripe request req_");
    const sent = calculationsSince(from);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params.customer_details).toEqual({ address: { country: 'US', state: 'CA', city: 'San Francisco', line1: '1 Market St' }, address_source: 'shipping' });
  });

  it('an address outside the US is the same address error', async () => {
    const err = await taxErrorOf(tax.calculate(californian({ address: { country: 'CA', state: 'ON', postalCode: 'M5V 2T6', city: 'Toronto', line1: '1 Front St' } })));
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('Stripe could not tax the shipping address');
    expect(err.message).toContain('[parameter customer_details[address][country]]');
  });

  it('a 5xx that outlasts the client\'s retries is a retryable TaxProviderError', async () => {
    server.failTaxCalculations({ status: 500 });
    const from = server.requests.length;
    const err = await taxErrorOf(tax.calculate(californian()));
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/^Could not calculate US sales tax through Stripe Tax: Stripe had a problem on its side \(HTTP 500: An unknown error occurred\)\. Try again in a moment \(Stripe request req_\w+\)\.$/);
    // One attempt and the client's two retries.
    expect(calculationsSince(from)).toHaveLength(3);
  });

  it('rides out one 5xx with the client\'s retries', async () => {
    server.failNext(1, { status: 503 });
    const from = server.requests.length;
    expect(await tax.calculate(californian())).toEqual([{ name: 'California sales tax', rateBps: 725, amount: 477 }]);
    expect(calculationsSince(from)).toHaveLength(2);
  });

  it('a wrong API key says so, not retryable, without printing the key', async () => {
    const wrongKey = 'sk_test_51WrongKeyWrongKeyWrong9876';
    const err = await taxErrorOf(new StripeTaxProvider({ secretKey: wrongKey, apiUrl: server.url }).calculate(californian()));
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('Stripe refused the API key in STRIPE_SECRET_KEY (Invalid API Key provided: sk_test_');
    expect(err.message).not.toContain(wrongKey);
  });

  it('Stripe out of reach is a retryable TaxProviderError', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const away = new StripeTaxProvider({ secretKey: SECRET_KEY, apiUrl: `http://127.0.0.1:${port}` });
    const err = await taxErrorOf(away.calculate(californian()));
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/^Could not calculate US sales tax through Stripe Tax: Stripe could not be reached \(.+\)\. Try again in a moment\.$/);
  });

  it('an empty cart asks Stripe nothing', async () => {
    const from = server.requests.length;
    expect(await tax.calculate(californian({ lines: [] }))).toEqual([]);
    expect(calculationsSince(from)).toHaveLength(0);
  });
});

describe('reading a tax breakdown', () => {
  const entry = (amount: number, details: Partial<Stripe.Tax.Calculation.TaxBreakdown.TaxRateDetails>): Stripe.Tax.Calculation.TaxBreakdown => ({
    amount,
    inclusive: false,
    taxability_reason: 'standard_rated',
    taxable_amount: 1000,
    tax_rate_details: { country: 'US', flat_amount: null, percentage_decimal: '7.25', rate_type: 'percentage', state: 'CA', tax_type: 'sales_tax', ...details },
  });

  it('adds up entries of the same tax and rate, keeps other rates apart, leaves zeros out', () => {
    expect(
      componentsOf([
        entry(73, {}),
        entry(0, { state: 'CA', percentage_decimal: '0.0', rate_type: null }),
        entry(40, { percentage_decimal: '4.0' }),
        entry(145, {}),
      ]),
    ).toEqual([
      { name: 'California sales tax', rateBps: 725, amount: 218 },
      { name: 'California sales tax', rateBps: 400, amount: 40 },
    ]);
  });

  it('names a tax from its type and place when Stripe gives no name', () => {
    const details = (d: Partial<Stripe.Tax.Calculation.TaxBreakdown.TaxRateDetails>) => entry(1, d).tax_rate_details;
    expect(taxName(details({ state: 'WA' }))).toBe('Washington sales tax');
    expect(taxName(details({ state: 'CO', tax_type: 'retail_delivery_fee' }))).toBe('Colorado retail delivery fee');
    expect(taxName(details({ state: 'ZZ' }))).toBe('Sales tax (ZZ)');
    expect(taxName(details({ country: 'DE', state: null, tax_type: 'vat' }))).toBe('VAT (DE)');
    expect(taxName(details({ state: null, tax_type: null }))).toBe('Tax (US)');
    expect(taxName({ ...details({}), display_name: 'Local Sales and Use Tax' } as Stripe.Tax.Calculation.TaxBreakdown.TaxRateDetails)).toBe('Local Sales and Use Tax');
  });
});
