import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A loopback HTTP server that speaks the parts of Stripe's REST API the shop uses, for contract tests of
 * src/server/adapters/payments/stripe.ts through the official `stripe` package (docs/decisions/079):
 *  - POST /v1/checkout/sessions and POST /v1/refunds, form-encoded in Stripe's bracket notation
 *    (`line_items[0][price_data][currency]=usd`, `metadata[order_id]=…`);
 *  - saved cards as Checkout keeps them: with `customer_creation=always` a paid session leaves a Customer
 *    (`cus_…`) and a card attached to it (`pm_…`) on its PaymentIntent; `GET /v1/payment_intents/{id}` (with
 *    `expand[]=payment_method`) reads it, and `POST /v1/payment_intents` with `customer`, `payment_method`,
 *    `off_session=true` and `confirm=true` charges the saved card again — or answers a declined card's 402
 *    `card_error` when the session was completed with `declineLaterCharges`;
 *  - `Authorization: Bearer <secret key>` checked (401 with Stripe's error body otherwise);
 *  - `Idempotency-Key` honoured as Stripe does: the same key and body replay the first answer (with
 *    `Idempotent-Replayed: true`), the same key with another body or endpoint is a 400 `idempotency_error`;
 *    a request that fails validation stores nothing;
 *  - validation errors as Stripe words them (400 `invalid_request_error` with `param`, and `code` where
 *    Stripe sends one);
 *  - Stripe-shaped objects (checkout.session, refund) and `Request-Id` headers;
 *  - signed webhook events (`Stripe.webhooks.generateTestHeaderString`) for what happens at checkout:
 *    completed and paid, payment failed, session expired;
 *  - injected failures (`failNext`) to prove retries and error handling;
 *  - Stripe Tax's `POST /v1/tax/calculations` for src/server/adapters/tax/stripe-tax.ts: US addresses only, at a
 *    rate per state the test sets (`taxRates`, none by default: nothing collected there), taxed on every line and
 *    on shipping, each amount rounded half up on its own as Stripe does; an address it cannot place (no postal
 *    code, not in the US) is Stripe's 400 `customer_tax_location_invalid`; `failTaxCalculations` makes the
 *    endpoint fail until turned off, so the client's retries fail too.
 * Every request is kept in `requests`, its body parsed back from the bracket encoding.
 */

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export interface StripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  contentType: string | undefined;
  /** the raw form body */
  raw: string;
  /** the body parsed back from Stripe's bracket encoding */
  params: FormObject;
}

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'api_error' | 'idempotency_error' | 'card_error' | 'rate_limit_error';
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
}

export interface LoopbackCheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  url: string | null;
}

interface PaymentIntentRecord {
  id: string;
  amount: number;
  currency: string;
  refunded: number;
  metadata: Record<string, string>;
  setupFutureUsage: string | null;
  /** The Checkout Session that made it; null for an off-session charge of a saved card. */
  sessionId: string | null;
  customer: string | null;
  paymentMethod: string | null;
  status: 'requires_payment_method' | 'succeeded';
  description: string | null;
}

interface PaymentMethodRecord {
  id: string;
  customer: string | null;
  last4: string;
  /** Like Stripe's 4000 0000 0000 0341: attaches, then declines every later charge. */
  declinesLater: boolean;
}

export interface LoopbackRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

export interface SignedEvent {
  /** the exact body Stripe would POST */
  payload: string;
  /** the Stripe-Signature header for it */
  header: string;
  event: { id: string; type: string; data: { object: Record<string, unknown> } };
}

/** One entry of a tax calculation's `tax_breakdown`, as Stripe sends it (its rate details carry no display name). */
export interface LoopbackTaxBreakdown {
  amount: number;
  inclusive: false;
  tax_rate_details: {
    country: string;
    flat_amount: null;
    percentage_decimal: string;
    rate_type: 'percentage' | null;
    state: string | null;
    tax_type: 'sales_tax';
  };
  taxability_reason: 'standard_rated' | 'not_collecting';
  taxable_amount: number;
}

export interface LoopbackTaxCalculation {
  id: string;
  object: 'tax.calculation';
  amount_total: number;
  currency: string;
  customer: null;
  customer_details: {
    address: { city: string | null; country: string; line1: string | null; line2: string | null; postal_code: string | null; state: string | null };
    address_source: 'billing' | 'shipping' | null;
    ip_address: null;
    tax_ids: [];
    taxability_override: 'none';
  };
  expires_at: number;
  livemode: false;
  ship_from_details: null;
  shipping_cost: { amount: number; amount_tax: number; tax_behavior: 'exclusive'; tax_code: string } | null;
  tax_amount_exclusive: number;
  tax_amount_inclusive: 0;
  tax_breakdown: LoopbackTaxBreakdown[];
  tax_date: number;
}

/** US state (postal abbreviation) → its sales tax rate in percent as Stripe writes it ("7.25"). */
export type LoopbackTaxRates = Record<string, string>;

export interface InjectedFailure {
  status: number;
  error?: Partial<StripeErrorBody>;
  /** Stripe's `Stripe-Should-Retry` header, when given */
  shouldRetry?: boolean;
}

/** Stripe's presentment currencies the shop could plausibly use (the real list is longer). */
const CURRENCIES = new Set(
  'usd eur gbp cad aud nzd chf sek nok dkk pln czk huf ron bgn jpy sgd hkd mxn brl inr zar aed ils try thb myr php idr krw twd'.split(' '),
);
/** Zero-decimal currencies: amounts are whole units. */
const ZERO_DECIMAL = new Set(['jpy', 'krw', 'twd']);
const MIN_CHARGE: Record<string, number> = { usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50, chf: 50, jpy: 50 };

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

function invalid(message: string, param?: string, code?: string): StripeHttpError {
  return new StripeHttpError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
    ...(param ? { param } : {}),
  });
}

function missing(param: string): StripeHttpError {
  return invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
}

function randomId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let s = '';
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return `${prefix}${s}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=v` → { a: { b: [ { c: 'v' } ] } }; `a[]=x` appends. */
export function parseStripeForm(raw: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!m) continue;
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!)];
    let node: FormObject = root;
    for (let i = 0; i < path.length; i++) {
      let k = path[i]!;
      const last = i === path.length - 1;
      if (k === '') k = String(Object.keys(node).length);
      if (last) {
        node[k] = value;
      } else {
        const next = node[k];
        if (typeof next !== 'object' || Array.isArray(next)) node[k] = {};
        node = node[k] as FormObject;
      }
    }
  }
  return arraysOf(root) as FormObject;
}

/** Objects whose keys are 0..n-1 become arrays, as Stripe reads `line_items[0]…`. */
function arraysOf(v: FormValue): FormValue {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(arraysOf);
  const keys = Object.keys(v);
  const out: FormObject = {};
  for (const k of keys) out[k] = arraysOf(v[k]!);
  if (keys.length && keys.every((k, i) => k === String(i))) return keys.map((k) => out[k]!);
  return out;
}

function bracketName(path: (string | number)[]): string {
  return path.map((p, i) => (i === 0 ? String(p) : `[${p}]`)).join('');
}

/** Stripe refuses empty strings for parameters that cannot be unset (metadata values may be empty). */
function rejectEmptyStrings(v: FormValue, path: (string | number)[]): void {
  if (typeof v === 'string') {
    const emptyable = path[0] === 'metadata' || (path.length > 1 && path[path.length - 2] === 'metadata') || isTaxAddressField(path);
    if (v === '' && !emptyable) {
      const name = bracketName(path);
      throw invalid(
        `You passed an empty string for '${name}'. We assume empty values are an attempt to unset a parameter; however '${name}' cannot be unset. You should remove '${name}' from your request or supply a non-empty value.`,
        name,
      );
    }
    return;
  }
  if (Array.isArray(v)) return v.forEach((x, i) => rejectEmptyStrings(x, [...path, i]));
  for (const [k, x] of Object.entries(v)) rejectEmptyStrings(x, [...path, k]);
}

/** Stripe Tax's address fields are `Emptyable`: an empty string means "none" (customer_details[address][…]). */
function isTaxAddressField(path: (string | number)[]): boolean {
  return path.length === 3 && path[0] === 'customer_details' && path[1] === 'address';
}

function obj(v: FormValue | undefined): FormObject | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
}

function str(v: FormValue | undefined, param: string, required: true): string;
function str(v: FormValue | undefined, param: string, required?: false): string | undefined;
function str(v: FormValue | undefined, param: string, required = false): string | undefined {
  if (v === undefined) {
    if (required) throw missing(param);
    return undefined;
  }
  if (typeof v !== 'string') throw invalid(`Invalid string: ${JSON.stringify(v)}`, param);
  return v;
}

function int(v: FormValue | undefined, param: string, { min = 0, required = false } = {}): number | undefined {
  const s = str(v, param, required as false);
  if (s === undefined) return undefined;
  if (!/^-?\d+$/.test(s)) throw invalid(`Invalid integer: ${s}`, param);
  const n = Number(s);
  if (n < min) throw invalid(min > 0 ? `Invalid positive integer` : `This value must be greater than or equal to ${min}.`, param);
  return n;
}

function metadataOf(v: FormValue | undefined, param: string): Record<string, string> {
  if (v === undefined) return {};
  const o = obj(v);
  if (!o) throw invalid('Invalid hash', param);
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(o)) {
    if (typeof x !== 'string') throw invalid('Invalid hash', `${param}[${k}]`);
    if (k.length > 40) throw invalid(`Metadata keys can have up to 40 characters; ${k} has ${k.length}.`, `${param}[${k}]`);
    if (x.length > 500) throw invalid(`Metadata values can have up to 500 characters, but you passed in a value that is ${x.length} characters.`, `${param}[${k}]`);
    if (x !== '') out[k] = x;
  }
  return out;
}

function url(v: FormValue | undefined, param: string): string | undefined {
  const s = str(v, param);
  if (s === undefined) return undefined;
  if (!URL.canParse(s) || !/^https?:/.test(s)) throw invalid('Not a valid URL', param, 'url_invalid');
  return s;
}

/** "7.25" → 72500: a percentage in ten-thousandths of a percent, so tax works out in integers. */
function percentUnits(percentage: string): number {
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(percentage);
  if (!m) throw new Error(`loopback Stripe: a tax rate is a percentage like "7.25", not ${JSON.stringify(percentage)}`);
  return Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
}

/** A copy of the rates, every one of them readable (a mistyped rate fails the test that sets it, not a request). */
function checkedRates(rates: LoopbackTaxRates): LoopbackTaxRates {
  for (const percentage of Object.values(rates)) percentUnits(percentage);
  return { ...rates };
}

/** The tax on `amount` at `units` (percentUnits), rounded half up to a minor unit. */
function taxOn(amount: number, units: number): number {
  return Math.floor((amount * units + 500_000) / 1_000_000);
}

function failureBody(failure: InjectedFailure): StripeErrorBody {
  const status = failure.status;
  return {
    type: status >= 500 ? 'api_error' : 'invalid_request_error',
    message:
      status >= 500
        ? 'An unknown error occurred'
        : status === 429
          ? 'Request rate limit exceeded. You can learn more about rate limits here https://stripe.com/docs/rate-limits.'
          : 'The request could not be processed.',
    ...(status === 429 ? { code: 'rate_limit' } : {}),
    ...failure.error,
  };
}

function money(amount: number, currency: string): string {
  return ZERO_DECIMAL.has(currency) ? `${amount} ${currency}` : `$${(amount / 100).toFixed(2)}`;
}

export async function startStripeServer(opts: { secretKey: string; webhookSecret: string; port?: number; taxRates?: LoopbackTaxRates }) {
  const requests: StripeRequest[] = [];
  const sessions = new Map<string, LoopbackCheckoutSession>();
  const paymentIntents = new Map<string, PaymentIntentRecord>();
  const refunds = new Map<string, LoopbackRefund>();
  /** Idempotency-Key → the first successful answer to it. */
  const idempotent = new Map<string, { endpoint: string; raw: string; status: number; body: unknown }>();
  const failures: InjectedFailure[] = [];
  /** What a session's PaymentIntent will carry once the shopper pays. */
  const pending = new Map<string, { piMetadata: Record<string, string>; setupFutureUsage: string | null; customerCreation: string | null }>();
  const paymentMethods = new Map<string, PaymentMethodRecord>();
  let taxRates = checkedRates(opts.taxRates ?? {});
  /** While set, every tax calculation gets this answer (retries included). */
  let taxFailure: InjectedFailure | null = null;
  const taxCalculations = new Map<string, LoopbackTaxCalculation>();

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  function authorize(header: string | undefined): void {
    let key: string | undefined;
    if (header?.startsWith('Bearer ')) key = header.slice('Bearer '.length).trim();
    else if (header?.startsWith('Basic ')) key = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
    if (!key) {
      throw new StripeHttpError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      });
    }
    if (key !== opts.secretKey) {
      const masked = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : '*'.repeat(key.length);
      throw new StripeHttpError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${masked}` });
    }
  }

  function createSession(p: FormObject): LoopbackCheckoutSession {
    const mode = str(p.mode, 'mode', true);
    if (mode !== 'payment') throw invalid(`Invalid mode: must be one of payment, setup, or subscription (this loopback server speaks payment only)`, 'mode');
    const successUrl = url(p.success_url, 'success_url') ?? null;
    const cancelUrl = url(p.cancel_url, 'cancel_url') ?? null;
    const email = str(p.customer_email, 'customer_email');
    if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid(`Invalid email address: ${email}`, 'customer_email', 'email_invalid');
    const clientReferenceId = str(p.client_reference_id, 'client_reference_id') ?? null;
    if (clientReferenceId && clientReferenceId.length > 200) throw invalid('client_reference_id can be at most 200 characters', 'client_reference_id');

    const lines = p.line_items;
    if (lines === undefined) throw invalid('`line_items` is required in `payment` mode.', 'line_items', 'parameter_missing');
    if (!Array.isArray(lines) || lines.length === 0) throw invalid('Invalid array', 'line_items');
    let currency: string | undefined;
    let total = 0;
    lines.forEach((raw, i) => {
      const at = (...rest: string[]) => bracketName(['line_items', i, ...rest]);
      const line = obj(raw);
      if (!line) throw invalid('Invalid hash', at());
      const quantity = int(line.quantity, at('quantity'), { min: 1, required: true })!;
      if (line.price !== undefined) throw invalid('This loopback server speaks price_data only.', at('price'));
      const pd = obj(line.price_data);
      if (!pd) throw invalid(`You must specify either \`price\` or \`price_data\` in ${at()}.`, at('price_data'), 'parameter_missing');
      const cur = str(pd.currency, at('price_data', 'currency'), true);
      if (!CURRENCIES.has(cur)) {
        throw invalid(`Invalid currency: ${cur}. Stripe currently supports these currencies: ${[...CURRENCIES].join(', ')}`, at('price_data', 'currency'));
      }
      if (currency && cur !== currency) throw invalid('All line items must use the same currency.', at('price_data', 'currency'));
      currency = cur;
      const unit = int(pd.unit_amount, at('price_data', 'unit_amount'), { required: true })!;
      const product = obj(pd.product_data);
      if (pd.product === undefined && !product) throw missing(at('price_data', 'product_data'));
      if (product) str(product.name, at('price_data', 'product_data', 'name'), true);
      total += unit * quantity;
    });
    const cur = currency!;
    const minimum = MIN_CHARGE[cur] ?? 50;
    if (total < minimum) {
      throw invalid(
        `The Checkout Session's total amount due must add up to at least ${money(minimum, cur)} ${cur}`,
        undefined,
        'amount_too_small',
      );
    }
    const pid = obj(p.payment_intent_data);
    const sfu = pid ? str(pid.setup_future_usage, 'payment_intent_data[setup_future_usage]') : undefined;
    if (sfu !== undefined && sfu !== 'on_session' && sfu !== 'off_session') {
      throw invalid(`Invalid setup_future_usage: must be one of on_session or off_session`, 'payment_intent_data[setup_future_usage]');
    }
    const piMetadata = pid ? metadataOf(pid.metadata, 'payment_intent_data[metadata]') : {};
    const customerCreation = str(p.customer_creation, 'customer_creation');
    if (customerCreation !== undefined && customerCreation !== 'always' && customerCreation !== 'if_required') {
      throw invalid('Invalid customer_creation: must be one of always or if_required', 'customer_creation');
    }
    const created = now();
    const expiresAt = int(p.expires_at, 'expires_at');
    if (expiresAt !== undefined && (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600)) {
      throw invalid('The `expires_at` timestamp must be at least 30 minutes and at most 24 hours after the Checkout Session is created.', 'expires_at');
    }
    const id = randomId('cs_test_', 58);
    const session: LoopbackCheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: cancelUrl,
      client_reference_id: clientReferenceId,
      created,
      currency: cur,
      customer_email: email ?? null,
      expires_at: expiresAt ?? created + 24 * 3600,
      livemode: false,
      metadata: metadataOf(p.metadata, 'metadata'),
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      url: `${origin}/c/pay/${id}`,
    };
    sessions.set(id, session);
    pending.set(id, { piMetadata, setupFutureUsage: sfu ?? null, customerCreation: customerCreation ?? null });
    return session;
  }

  function createRefund(p: FormObject): LoopbackRefund {
    if (p.charge !== undefined) throw invalid('This loopback server refunds by payment_intent only.', 'charge');
    const piId = str(p.payment_intent, 'payment_intent');
    if (piId === undefined) throw invalid('One of the following params should be provided for this request: payment_intent or charge.', undefined, 'parameter_missing');
    const pi = paymentIntents.get(piId);
    if (!pi) throw invalid(`No such payment_intent: '${piId}'`, 'payment_intent', 'resource_missing');
    const remaining = pi.amount - pi.refunded;
    if (remaining <= 0) throw invalid(`Charge for ${piId} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = int(p.amount, 'amount', { min: 1 }) ?? remaining;
    if (amount > remaining) {
      throw invalid(
        `Refund amount (${money(amount, pi.currency)}) is greater than unrefunded amount on charge (${money(remaining, pi.currency)})`,
        'amount',
        'amount_too_large',
      );
    }
    const reason = str(p.reason, 'reason');
    if (reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw invalid('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', 'reason');
    }
    pi.refunded += amount;
    const refund: LoopbackRefund = {
      id: randomId('re_'),
      object: 'refund',
      amount,
      charge: `ch_${pi.id.slice(3)}`,
      created: now(),
      currency: pi.currency,
      metadata: metadataOf(p.metadata, 'metadata'),
      payment_intent: pi.id,
      reason: reason ?? null,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function paymentMethodOut(id: string | null) {
    const pm = id ? paymentMethods.get(id) : undefined;
    if (!pm) return null;
    return { id: pm.id, object: 'payment_method', type: 'card', customer: pm.customer, card: { brand: 'visa', last4: pm.last4, exp_month: 12, exp_year: 2034 } };
  }

  function intentOut(pi: PaymentIntentRecord, expand: string[] = []) {
    return {
      id: pi.id,
      object: 'payment_intent',
      amount: pi.amount,
      amount_received: pi.status === 'succeeded' ? pi.amount : 0,
      currency: pi.currency,
      customer: pi.customer,
      description: pi.description,
      livemode: false,
      metadata: pi.metadata,
      payment_method: expand.includes('payment_method') ? paymentMethodOut(pi.paymentMethod) : pi.paymentMethod,
      setup_future_usage: pi.setupFutureUsage,
      status: pi.status,
    };
  }

  function retrieveIntent(id: string, p: FormObject) {
    const pi = paymentIntents.get(id);
    if (!pi) throw new StripeHttpError(404, { type: 'invalid_request_error', message: `No such payment_intent: '${id}'`, param: 'intent', code: 'resource_missing' });
    const expand = p.expand === undefined ? [] : Array.isArray(p.expand) ? p.expand.map((e) => String(e)) : [String(p.expand)];
    return intentOut(pi, expand);
  }

  /** A charge of a saved card, confirmed at once (off_session): what a one-time offer sends. */
  function createIntent(p: FormObject) {
    const amount = int(p.amount, 'amount', { min: 1, required: true })!;
    const currency = str(p.currency, 'currency', true);
    if (!CURRENCIES.has(currency)) throw invalid(`Invalid currency: ${currency}.`, 'currency');
    if (amount < (MIN_CHARGE[currency] ?? 50)) throw invalid(`Amount must be at least ${money(MIN_CHARGE[currency] ?? 50, currency)} ${currency}`, 'amount', 'amount_too_small');
    const customer = str(p.customer, 'customer');
    const pmId = str(p.payment_method, 'payment_method');
    if (str(p.confirm, 'confirm') !== 'true') throw invalid('This loopback server only creates PaymentIntents with confirm=true.', 'confirm');
    if (str(p.off_session, 'off_session') !== 'true') throw invalid('This loopback server only charges saved cards off session (off_session=true).', 'off_session');
    if (!pmId) throw invalid('A PaymentIntent confirmed off session needs a payment_method.', 'payment_method', 'parameter_missing');
    const pm = paymentMethods.get(pmId);
    if (!pm) throw invalid(`No such PaymentMethod: '${pmId}'`, 'payment_method', 'resource_missing');
    if (!customer || pm.customer !== customer) {
      throw invalid(
        `The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.`,
        'payment_method',
      );
    }
    const pi: PaymentIntentRecord = {
      id: randomId('pi_'),
      amount,
      currency,
      refunded: 0,
      metadata: metadataOf(p.metadata, 'metadata'),
      setupFutureUsage: null,
      sessionId: null,
      customer,
      paymentMethod: pm.id,
      status: pm.declinesLater ? 'requires_payment_method' : 'succeeded',
      description: str(p.description, 'description') ?? null,
    };
    paymentIntents.set(pi.id, pi);
    if (pm.declinesLater) {
      throw new StripeHttpError(402, {
        type: 'card_error',
        code: 'card_declined',
        message: 'Your card was declined.',
        param: '',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
        ...({ decline_code: 'generic_decline', payment_intent: intentOut(pi) } as object),
      } as StripeErrorBody);
    }
    return intentOut(pi);
  }

  /** GET /v1/checkout/sessions/:id, with `expand[]=payment_intent` as Stripe does. */
  function retrieveSession(id: string, query: FormObject) {
    const s = sessions.get(id);
    if (!s) throw new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'session', message: `No such checkout.session: '${id}'` });
    const expand = Array.isArray(query.expand) ? query.expand : [];
    const pi = s.payment_intent ? paymentIntents.get(s.payment_intent) : undefined;
    if (expand.includes('payment_intent') && pi) {
      return { ...s, payment_intent: paymentIntentObject(pi, pi.status, { payment_method: pi.paymentMethod, customer: pi.customer }) };
    }
    return { ...s };
  }

  /** POST /v1/checkout/sessions/:id/expire: only an open session can be expired. */
  function expireOpenSession(id: string) {
    const s = sessions.get(id);
    if (!s) throw new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'session', message: `No such checkout.session: '${id}'` });
    if (s.status !== 'open') {
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`, undefined, 'checkout_session_not_open');
    }
    s.status = 'expired';
    s.url = null;
    return { ...s };
  }

  /**
   * POST /v1/tax/calculations, exclusive tax only: every line and the shipping are taxed at the state's rate,
   * each rounded half up on its own, and the taxes of one rate come back as one `tax_breakdown` entry (as Stripe
   * groups them by jurisdiction and rate). A state without a rate is Stripe's answer where the account does not
   * collect: one zero entry, `not_collecting`.
   */
  function createTaxCalculation(p: FormObject): LoopbackTaxCalculation {
    if (taxFailure) throw new StripeHttpError(taxFailure.status, failureBody(taxFailure));
    const currency = str(p.currency, 'currency', true);
    if (!CURRENCIES.has(currency)) throw invalid(`Invalid currency: ${currency}.`, 'currency');
    if (p.customer !== undefined) throw invalid('This loopback server calculates tax from customer_details only.', 'customer');

    const lines = p.line_items;
    if (lines === undefined) throw missing('line_items');
    if (!Array.isArray(lines) || lines.length === 0) throw invalid('Invalid array', 'line_items');
    const references = new Set<string>();
    const amounts = lines.map((raw, i) => {
      const at = (...rest: string[]) => bracketName(['line_items', i, ...rest]);
      const line = obj(raw);
      if (!line) throw invalid('Invalid hash', at());
      const amount = int(line.amount, at('amount'), { required: true })!;
      int(line.quantity, at('quantity'), { min: 1 });
      const reference = str(line.reference, at('reference'));
      if (reference !== undefined) {
        if (references.has(reference)) throw invalid(`The reference ${reference} is used by more than one line item; references must be unique.`, at('reference'));
        references.add(reference);
      }
      const behavior = str(line.tax_behavior, at('tax_behavior'));
      if (behavior !== undefined && behavior !== 'exclusive' && behavior !== 'inclusive') throw invalid('Invalid tax_behavior: must be one of exclusive or inclusive', at('tax_behavior'));
      if (behavior === 'inclusive') throw invalid('This loopback server calculates exclusive tax only.', at('tax_behavior'));
      const code = str(line.tax_code, at('tax_code'));
      if (code !== undefined && !/^txcd_\d{8}$/.test(code)) throw invalid(`Invalid tax code: ${code}`, at('tax_code'), 'resource_missing');
      return amount;
    });

    const sc = p.shipping_cost === undefined ? undefined : obj(p.shipping_cost);
    if (p.shipping_cost !== undefined && !sc) throw invalid('Invalid hash', 'shipping_cost');
    const shipping = sc ? int(sc.amount, 'shipping_cost[amount]', { required: true })! : undefined;
    const shippingBehavior = sc ? str(sc.tax_behavior, 'shipping_cost[tax_behavior]') : undefined;
    if (shippingBehavior !== undefined && shippingBehavior !== 'exclusive') throw invalid('This loopback server calculates exclusive tax only.', 'shipping_cost[tax_behavior]');

    const details = obj(p.customer_details);
    if (!details) throw invalid('One of customer or customer_details is required.', 'customer_details', 'parameter_missing');
    const source = str(details.address_source, 'customer_details[address_source]');
    if (source !== undefined && source !== 'billing' && source !== 'shipping') throw invalid('Invalid address_source: must be one of billing or shipping', 'customer_details[address_source]');
    const address = obj(details.address);
    if (!address) throw missing('customer_details[address]');
    const field = (k: string) => str(address[k], `customer_details[address][${k}]`) || null;
    const country = str(address.country, 'customer_details[address][country]', true);
    const postalCode = field('postal_code');
    const state = field('state');
    const unplaceable = "We could not determine the customer's tax location based on the provided customer address.";
    if (country !== 'US') throw invalid(`${unplaceable} (This loopback server taxes US addresses only.)`, 'customer_details[address][country]', 'customer_tax_location_invalid');
    if (!postalCode || !/^\d{5}(-\d{4})?$/.test(postalCode)) throw invalid(unplaceable, 'customer_details[address][postal_code]', 'customer_tax_location_invalid');

    const percentage = state ? taxRates[state] : undefined;
    const units = percentage === undefined ? 0 : percentUnits(percentage);
    const lineTax = amounts.reduce((sum, amount) => sum + taxOn(amount, units), 0);
    const shippingTax = shipping === undefined ? 0 : taxOn(shipping, units);
    const tax = lineTax + shippingTax;
    const taxable = amounts.reduce((a, b) => a + b, 0) + (shipping ?? 0);
    const created = now();
    const calculation: LoopbackTaxCalculation = {
      id: randomId('taxcalc_'),
      object: 'tax.calculation',
      amount_total: taxable + tax,
      currency,
      customer: null,
      customer_details: {
        address: { city: field('city'), country, line1: field('line1'), line2: field('line2'), postal_code: postalCode, state },
        address_source: source ?? null,
        ip_address: null,
        tax_ids: [],
        taxability_override: 'none',
      },
      expires_at: created + 48 * 3600,
      livemode: false,
      ship_from_details: null,
      shipping_cost: shipping === undefined ? null : { amount: shipping, amount_tax: shippingTax, tax_behavior: 'exclusive', tax_code: str(sc?.tax_code, 'shipping_cost[tax_code]') ?? 'txcd_92010001' },
      tax_amount_exclusive: tax,
      tax_amount_inclusive: 0,
      tax_breakdown: [
        percentage === undefined
          ? {
              amount: 0,
              inclusive: false,
              tax_rate_details: { country, flat_amount: null, percentage_decimal: '0.0', rate_type: null, state, tax_type: 'sales_tax' },
              taxability_reason: 'not_collecting',
              taxable_amount: 0,
            }
          : {
              amount: tax,
              inclusive: false,
              tax_rate_details: { country, flat_amount: null, percentage_decimal: percentage, rate_type: 'percentage', state, tax_type: 'sales_tax' },
              taxability_reason: 'standard_rated',
              taxable_amount: taxable,
            },
      ],
      tax_date: created,
    };
    taxCalculations.set(calculation.id, calculation);
    return calculation;
  }

  const routes: Record<string, (p: FormObject) => unknown> = {
    'POST /v1/checkout/sessions': createSession,
    'POST /v1/refunds': createRefund,
    'POST /v1/payment_intents': createIntent,
    'POST /v1/tax/calculations': createTaxCalculation,
  };

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const json = JSON.stringify(body, null, 2);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(json),
      'request-id': randomId('req_', 14),
      'stripe-version': Stripe.API_VERSION,
      ...headers,
    });
    res.end(json);
  }

  function handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
    const path = new URL(req.url ?? '/', origin).pathname;
    const endpoint = `${req.method} ${path}`;
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const idempotencyKey = header('idempotency-key');
    const params = parseStripeForm(raw);
    requests.push({
      method: req.method ?? 'GET',
      path,
      authorization: header('authorization'),
      idempotencyKey,
      stripeVersion: header('stripe-version'),
      contentType: header('content-type'),
      raw,
      params,
    });

    const checkoutPage = /^\/c\/pay\/(cs_\w+)$/.exec(path);
    if (req.method === 'GET' && checkoutPage) {
      const s = sessions.get(checkoutPage[1]!);
      res.writeHead(s ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        s
          ? `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loopback Stripe Checkout</title></head><body><main><h1>Pay ${money(s.amount_total, s.currency)} ${s.currency.toUpperCase()}</h1><p>${s.status}</p></main></body></html>`
          : 'Not found',
      );
      return;
    }

    try {
      const failure = failures.shift();
      if (failure) {
        return send(res, failure.status, { error: failureBody(failure) }, failure.shouldRetry === undefined ? {} : { 'stripe-should-retry': String(failure.shouldRetry) });
      }
      authorize(header('authorization'));
      const sessionPath = /^\/v1\/checkout\/sessions\/(cs_\w+)$/.exec(path);
      if (req.method === 'GET' && sessionPath) {
        const query = parseStripeForm(new URL(req.url ?? '/', origin).search.slice(1));
        return send(res, 200, retrieveSession(sessionPath[1]!, query));
      }
      const expirePath = /^\/v1\/checkout\/sessions\/(cs_\w+)\/expire$/.exec(path);
      if (req.method === 'POST' && expirePath) return send(res, 200, expireOpenSession(expirePath[1]!));
      const intentPath = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(path);
      if (req.method === 'GET' && intentPath) {
        const query = parseStripeForm(new URL(req.url ?? '/', origin).search.slice(1));
        return send(res, 200, retrieveIntent(intentPath[1]!, query));
      }
      const route = routes[endpoint];
      if (!route) {
        throw new StripeHttpError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${endpoint}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.` });
      }
      if (idempotencyKey !== undefined) {
        if (idempotencyKey.length > 255) throw invalid('Idempotency-Key must be at most 255 characters.');
        const seen = idempotent.get(idempotencyKey);
        if (seen) {
          if (seen.endpoint !== endpoint) {
            throw new StripeHttpError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${seen.endpoint}' vs '${endpoint}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
          }
          if (seen.raw !== raw) {
            throw new StripeHttpError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
          }
          return send(res, seen.status, seen.body, { 'idempotency-key': idempotencyKey, 'idempotent-replayed': 'true' });
        }
      }
      rejectEmptyStrings(params, []);
      const body = route(params);
      if (idempotencyKey !== undefined) idempotent.set(idempotencyKey, { endpoint, raw, status: 200, body });
      return send(res, 200, body, idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey });
    } catch (err) {
      if (err instanceof StripeHttpError) return send(res, err.status, { error: err.body });
      return send(res, 500, { error: { type: 'api_error', message: err instanceof Error ? err.message : String(err) } });
    }
  }

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString('utf8'), res));
  });

  /** Signs an event body with Stripe's scheme (t=…,v1=HMAC-SHA256). */
  function signEvent(type: string, object: Record<string, unknown>, o: { secret?: string; timestamp?: number } = {}): SignedEvent {
    const event = {
      id: randomId('evt_test_'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: o.secret ?? opts.webhookSecret,
      ...(o.timestamp !== undefined ? { timestamp: o.timestamp } : {}),
    });
    return { payload, header, event };
  }

  function sessionOf(id: string): LoopbackCheckoutSession {
    const s = sessions.get(id);
    if (!s) throw new Error(`loopback Stripe: no session ${id}`);
    return s;
  }

  function paymentIntentObject(pi: PaymentIntentRecord, status: string, extra: Record<string, unknown> = {}) {
    return {
      id: pi.id,
      object: 'payment_intent',
      amount: pi.amount,
      currency: pi.currency,
      livemode: false,
      metadata: pi.metadata,
      setup_future_usage: pi.setupFutureUsage,
      status,
      ...extra,
    };
  }

  function intentFor(s: LoopbackCheckoutSession): PaymentIntentRecord {
    const existing = s.payment_intent ? paymentIntents.get(s.payment_intent) : undefined;
    if (existing) return existing;
    const p = pending.get(s.id)!;
    const pi: PaymentIntentRecord = {
      id: randomId('pi_'),
      amount: s.amount_total,
      currency: s.currency,
      refunded: 0,
      metadata: p.piMetadata,
      setupFutureUsage: p.setupFutureUsage,
      sessionId: s.id,
      customer: null,
      paymentMethod: null,
      status: 'requires_payment_method',
      description: null,
    };
    paymentIntents.set(pi.id, pi);
    s.payment_intent = pi.id;
    return pi;
  }

  return {
    url: origin,
    port,
    requests,
    sessions,
    refunds,
    paymentIntent: (id: string) => paymentIntents.get(id),
    taxCalculations,
    /** The sales tax rates from now on, per US state (postal abbreviation → percent, "7.25"); unlisted states collect none. */
    setTaxRates(rates: LoopbackTaxRates) {
      taxRates = checkedRates(rates);
    },
    /** Every tax calculation gets this answer (after authentication) until called with null: the client's retries fail too. */
    failTaxCalculations(failure: InjectedFailure | null) {
      taxFailure = failure;
    },
    /** The next `count` API requests get this answer instead (before authentication, like an outage). */
    failNext(count: number, failure: InjectedFailure) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    signEvent,
    /**
     * The shopper paid: the session completes with a PaymentIntent and a card (kept on a new Customer when the
     * session asked for one); returns `checkout.session.completed`. `declineLaterCharges`: the card pays now and
     * declines later charges, like Stripe's 4000 0000 0000 0341.
     */
    completeSession(sessionId: string, o: { secret?: string; timestamp?: number; declineLaterCharges?: boolean; last4?: string } = {}): SignedEvent {
      const s = sessionOf(sessionId);
      const pi = intentFor(s);
      const keep = pending.get(s.id)?.customerCreation === 'always';
      if (!pi.paymentMethod) {
        const pm: PaymentMethodRecord = {
          id: randomId('pm_'),
          customer: keep ? randomId('cus_', 14) : null,
          last4: o.last4 ?? (o.declineLaterCharges ? '0341' : '4242'),
          declinesLater: o.declineLaterCharges ?? false,
        };
        paymentMethods.set(pm.id, pm);
        pi.paymentMethod = pm.id;
        pi.customer = pm.customer;
        pi.status = 'succeeded';
      }
      s.status = 'complete';
      s.payment_status = 'paid';
      s.url = null;
      return signEvent('checkout.session.completed', { ...s, customer: pi.customer }, { ...(o.secret ? { secret: o.secret } : {}), ...(o.timestamp !== undefined ? { timestamp: o.timestamp } : {}) });
    },
    /** The card was declined; returns `payment_intent.payment_failed` carrying the decline message. */
    failPayment(sessionId: string, message = 'Your card was declined.', o: { secret?: string; timestamp?: number } = {}): SignedEvent {
      const pi = intentFor(sessionOf(sessionId));
      return signEvent(
        'payment_intent.payment_failed',
        paymentIntentObject(pi, 'requires_payment_method', {
          last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message },
        }),
        o,
      );
    },
    /** The session was abandoned; returns `checkout.session.expired`. */
    expireSession(sessionId: string, o: { secret?: string; timestamp?: number } = {}): SignedEvent {
      const s = sessionOf(sessionId);
      s.status = 'expired';
      s.url = null;
      return signEvent('checkout.session.expired', { ...s }, o);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;
