import { describe, expect, it } from 'vitest';
import { isS10, s10, simulatedShipment, simulatedShipmentFor } from './simulated-carriers';

describe('the print shop’s simulated carriers', () => {
  it.each([
    ['US', false, 'USPS', /^9400\d{18}$/, 'tools.usps.com'],
    ['US', true, 'USPS', /^9270\d{18}$/, 'tools.usps.com'],
    ['GB', false, 'Royal Mail', /^TT\d{9}GB$/, 'royalmail.com'],
    ['GB', true, 'Royal Mail', /^SD\d{9}GB$/, 'royalmail.com'],
    ['DE', false, 'Deutsche Post DHL', /^00340434\d{12}$/, 'dhl.de'],
    ['DE', true, 'DHL Express', /^\d{10}$/, 'dhl.com'],
    ['CA', false, 'Canada Post', /^\d{16}$/, 'canadapost-postescanada.ca'],
    ['AU', false, 'Australia Post', /^CP\d{9}AU$/, 'auspost.com.au'],
    ['FR', false, 'DHL Express', /^\d{10}$/, 'dhl.com'],
    ['JP', true, 'DHL Express', /^\d{10}$/, 'dhl.com'],
  ])('a parcel to %s (express: %s) goes with %s, tracked in its shape', (country, express, carrier, shape, host) => {
    const s = simulatedShipment(country, express);
    expect(s.carrier).toBe(carrier);
    expect(s.tracking).toMatch(shape);
    expect(s.url).toContain(host);
    expect(s.url).toContain(s.tracking);
    if (/^[A-Z]{2}\d{9}[A-Z]{2}$/.test(s.tracking)) expect(isS10(s.tracking)).toBe(true);
  });

  it('names the same carrier and page when a shipment is reported again with its number', () => {
    expect(simulatedShipmentFor('gb', false, 'TT123456785GB')).toEqual({
      carrier: 'Royal Mail',
      service: 'Tracked 48',
      tracking: 'TT123456785GB',
      url: 'https://www.royalmail.com/track-your-item#/tracking-results/TT123456785GB',
    });
  });

  it('gives S10 numbers the UPU check digit', () => {
    // The UPU's example: serial 47312482, check digit 9.
    expect(isS10('RR473124829GB')).toBe(true);
    expect(isS10('RR473124828GB')).toBe(false);
    for (let i = 0; i < 200; i++) expect(isS10(s10('TT', 'GB'))).toBe(true);
  });
});
