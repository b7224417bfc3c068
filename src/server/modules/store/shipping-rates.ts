import type { FastifyBaseLogger } from 'fastify';
import type { ShippingMethodId } from '@/contract/shop';
import type { FulfilmentProvider } from '@/server/adapters/fulfilment/fulfilment-provider';

/** What a cart ships, and where to: all a live shipping quote depends on. */
export interface ShippingRateRequest {
  /** ISO 3166-1 alpha-2 */
  country: string;
  /** State or province as typed ('' when not known yet). */
  state: string;
  postalCode: string;
  currency: string;
  items: { variantRef: string | null; sku: string; quantity: number }[];
}

/** The provider's price (minor units, the shop's currency) for each of our methods it offers. */
export type ProviderShippingPrices = Partial<Record<ShippingMethodId, number>>;

export interface ShippingRateQuoterOptions {
  /** How long a quote waits for the provider before the shop settings' prices apply. */
  timeoutMs: number;
  /** How long an answer is kept: the checkout charges what the quote showed a minute earlier. */
  ttlMs: number;
  /** How long a failure is kept: a provider that is down is not asked again by every page view. */
  failureTtlMs: number;
  maxEntries: number;
  /**
   * Provider lookups allowed per minute in this process. The quote is public: however many carts and addresses
   * anonymous callers make up, the provider's own rate limit (Printful: 120 a minute) is never spent on them.
   * Over the budget the shop settings' prices apply, and nothing is kept.
   */
  maxLookupsPerMinute: number;
}

const DEFAULTS: ShippingRateQuoterOptions = { timeoutMs: 3_000, ttlMs: 10 * 60_000, failureTtlMs: 60_000, maxEntries: 2_000, maxLookupsPerMinute: 60 };

/** Printful's shipping method ids for our two options (the ids its order API takes in `shipping`). */
const METHOD_OF: Record<string, ShippingMethodId> = { STANDARD: 'standard', EXPRESS: 'express' };

interface Entry {
  expires: number;
  value: Promise<ProviderShippingPrices | null>;
}

/**
 * Live shipping prices for the quote and the checkout (docs/decisions/087): the print provider's rates for the cart
 * and address, mapped to our standard and express methods, or null — the provider does not quote (the built-in print
 * shop), cannot quote these items, offers neither method, or failed or did not answer within timeoutMs (logged). On
 * null the shop settings' prices apply. Answers are kept per cart and address for ttlMs, so the cart, the checkout
 * page and the order see one price, and the provider is asked once.
 */
export class ShippingRateQuoter {
  readonly #entries = new Map<string, Entry>();
  readonly #opts: ShippingRateQuoterOptions;
  #window = { startedAt: 0, lookups: 0 };

  constructor(
    private readonly provider: Pick<FulfilmentProvider, 'name' | 'shippingRates'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    opts: Partial<ShippingRateQuoterOptions> = {},
  ) {
    this.#opts = { ...DEFAULTS, ...opts };
  }

  prices(request: ShippingRateRequest): Promise<ProviderShippingPrices | null> {
    if (request.items.length === 0) return Promise.resolve(null);
    const key = JSON.stringify([
      request.country,
      request.state.trim().toUpperCase(),
      request.postalCode.replace(/\s+/g, '').toUpperCase(),
      request.currency,
      request.items.map((i) => [i.variantRef, i.sku, i.quantity]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ]);
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (now - this.#window.startedAt >= 60_000) this.#window = { startedAt: now, lookups: 0 };
    if (this.#window.lookups >= this.#opts.maxLookupsPerMinute) {
      if (this.#window.lookups++ === this.#opts.maxLookupsPerMinute) {
        this.log.warn({ provider: this.provider.name }, 'shipping rates: lookup budget for this minute spent; the shop settings apply');
      }
      return Promise.resolve(null);
    }
    this.#window.lookups++;
    if (this.#entries.size >= this.#opts.maxEntries) {
      for (const [k, e] of this.#entries) if (e.expires <= now) this.#entries.delete(k);
      if (this.#entries.size >= this.#opts.maxEntries) this.#entries.clear();
    }
    const entry: Entry = { expires: now + this.#opts.ttlMs, value: Promise.resolve(null) };
    entry.value = this.#ask(request).catch((err: unknown) => {
      entry.expires = Date.now() + this.#opts.failureTtlMs;
      this.log.warn({ err, provider: this.provider.name, country: request.country }, 'shipping rates: the print provider did not answer; the shop settings apply');
      return null;
    });
    this.#entries.set(key, entry);
    return entry.value;
  }

  async #ask(request: ShippingRateRequest): Promise<ProviderShippingPrices | null> {
    const { timeoutMs } = this.#opts;
    const signal = AbortSignal.timeout(timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    // The signal ends the provider's own retries; the race makes sure no provider keeps a shopper waiting.
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs + 250);
    });
    try {
      const rates = await Promise.race([
        this.provider.shippingRates({
          recipient: { countryCode: request.country, stateCode: request.state.trim(), zip: request.postalCode.trim(), city: '', address1: '' },
          items: request.items,
          currency: request.currency,
          signal,
        }),
        late,
      ]);
      if (rates === null) return null;
      const prices: ProviderShippingPrices = {};
      for (const rate of rates) {
        const method = METHOD_OF[rate.id.toUpperCase()];
        if (!method || prices[method] !== undefined) continue;
        if (rate.currency !== request.currency || !Number.isInteger(rate.rate) || rate.rate < 0) {
          this.log.warn({ provider: this.provider.name, rate }, 'shipping rates: a rate in another currency or unreadable; not used');
          continue;
        }
        prices[method] = rate.rate;
      }
      return Object.keys(prices).length > 0 ? prices : null;
    } finally {
      clearTimeout(timer);
    }
  }
}
