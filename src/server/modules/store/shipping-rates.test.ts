import { describe, expect, it } from 'vitest';
import type { ShippingRate, ShippingRateInput } from '@/server/adapters/fulfilment/fulfilment-provider';
import { ShippingRateQuoter, type ShippingRateRequest } from './shipping-rates';

const rate = (id: string, minor: number, currency = 'USD'): ShippingRate => ({ id, name: id, rate: minor, currency, minDeliveryDays: 3, maxDeliveryDays: 6 });

function fakeProvider(answer: (input: ShippingRateInput) => Promise<ShippingRate[] | null>) {
  const calls: ShippingRateInput[] = [];
  return {
    calls,
    provider: {
      name: 'printful' as const,
      shippingRates: (input: ShippingRateInput) => {
        calls.push(input);
        return answer(input);
      },
    },
  };
}

function recordingLog() {
  const warnings: unknown[][] = [];
  return { warnings, log: { warn: (...args: unknown[]) => void warnings.push(args) } as never };
}

const request = (over: Partial<ShippingRateRequest> = {}): ShippingRateRequest => ({
  country: 'US',
  state: 'CA',
  postalCode: '95014',
  currency: 'USD',
  items: [{ variantRef: '3011', sku: 'CERT-POSTER-12x16', quantity: 1 }],
  ...over,
});

describe('ShippingRateQuoter', () => {
  it('maps Printful’s STANDARD and EXPRESS to our methods, leaving out other methods and other currencies', async () => {
    const { provider, calls } = fakeProvider(async () => [rate('STANDARD', 499), rate('PRIORITY', 2999), rate('EXPRESS', 1499, 'EUR')]);
    const { log, warnings } = recordingLog();
    const quoter = new ShippingRateQuoter(provider, log);
    expect(await quoter.prices(request())).toEqual({ standard: 499 });
    expect(calls[0]).toMatchObject({ recipient: { countryCode: 'US', stateCode: 'CA', zip: '95014' }, currency: 'USD' });
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(warnings).toHaveLength(1);
  });

  it('asks once per cart and address, whatever the order of the lines or the spacing of the postal code', async () => {
    const { provider, calls } = fakeProvider(async () => [rate('STANDARD', 499), rate('EXPRESS', 1499)]);
    const quoter = new ShippingRateQuoter(provider, recordingLog().log);
    const two = [
      { variantRef: '3011', sku: 'A', quantity: 1 },
      { variantRef: '3021', sku: 'B', quantity: 2 },
    ];
    await quoter.prices(request({ items: two, postalCode: 'SW1A 1AA', country: 'GB', state: '' }));
    expect(await quoter.prices(request({ items: [...two].reverse(), postalCode: 'sw1a1aa', country: 'GB', state: '' }))).toEqual({ standard: 499, express: 1499 });
    expect(calls).toHaveLength(1);
    await quoter.prices(request({ items: two, postalCode: 'SW1A 2AA', country: 'GB', state: '' }));
    expect(calls).toHaveLength(2);
  });

  it('answers null, after its time limit, when the provider does not answer; logs it and does not ask again at once', async () => {
    const { provider, calls } = fakeProvider(() => new Promise(() => {}));
    const { log, warnings } = recordingLog();
    const quoter = new ShippingRateQuoter(provider, log, { timeoutMs: 100 });
    const started = Date.now();
    expect(await quoter.prices(request())).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(warnings).toHaveLength(1);
    expect(await quoter.prices(request())).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('answers null when the provider quotes nothing for these items, or offers neither method', async () => {
    expect(await new ShippingRateQuoter(fakeProvider(async () => null).provider, recordingLog().log).prices(request())).toBeNull();
    expect(await new ShippingRateQuoter(fakeProvider(async () => [rate('PRIORITY', 2999)]).provider, recordingLog().log).prices(request())).toBeNull();
    expect(await new ShippingRateQuoter(fakeProvider(async () => [rate('STANDARD', 1)]).provider, recordingLog().log).prices(request({ items: [] }))).toBeNull();
  });

  it('asks the provider at most maxLookupsPerMinute times a minute; beyond that the settings apply, while answers already kept are still served', async () => {
    const { provider, calls } = fakeProvider(async () => [rate('STANDARD', 499)]);
    const { log, warnings } = recordingLog();
    const quoter = new ShippingRateQuoter(provider, log, { maxLookupsPerMinute: 3 });
    for (const zip of ['10001', '10002', '10003']) expect(await quoter.prices(request({ postalCode: zip }))).toEqual({ standard: 499 });
    // A made-up address past the budget: no provider call, the settings' prices (null), one warning.
    expect(await quoter.prices(request({ postalCode: '99999' }))).toBeNull();
    expect(await quoter.prices(request({ postalCode: '99998' }))).toBeNull();
    expect(await quoter.prices(request({ postalCode: '10002' }))).toEqual({ standard: 499 });
    expect(calls).toHaveLength(3);
    expect(warnings.filter((w) => String(w[1]).includes('budget'))).toHaveLength(1);
  });
});
