import { randomInt } from 'node:crypto';

/**
 * The carriers the built-in print shop pretends to hand parcels to (docs/decisions/119). Like a print network with
 * print rooms near its customers, a parcel goes with the destination's own post (USPS, Royal Mail, Deutsche Post
 * DHL, Canada Post, Australia Post) or, anywhere else, with DHL Express; express goes with that country's express
 * service. Tracking numbers have the carrier's shape (a USPS number is 22 digits starting 9400, a Royal Mail one
 * is two letters, nine digits with their check digit and GB), so a tester sees what a customer will — and in test
 * mode every page and mail says the parcel is simulated.
 */
export interface SimulatedShipment {
  carrier: string;
  service: string;
  tracking: string;
  url: string;
}

interface Carrier {
  carrier: string;
  service: string;
  number: () => string;
  url: (n: string) => string;
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/**
 * A UPU S10 item identifier ("RR123456785GB"): service letters, eight digits, their check digit, the country. The
 * check digit is the UPU's: weights 8 6 4 2 3 5 9 7, 11 − sum mod 11, 10 → 0 and 11 → 5.
 */
export function s10(service: string, country: string): string {
  const serial = digits(8);
  const sum = [...serial].reduce((s, d, i) => s + Number(d) * [8, 6, 4, 2, 3, 5, 9, 7][i]!, 0);
  const check = 11 - (sum % 11);
  return `${service}${serial}${check === 10 ? 0 : check === 11 ? 5 : check}${country}`;
}

/** True when a string is a well-formed S10 identifier, check digit included. */
export function isS10(n: string): boolean {
  const m = /^([A-Z]{2})(\d{8})(\d)([A-Z]{2})$/.exec(n);
  if (!m) return false;
  const sum = [...m[2]!].reduce((s, d, i) => s + Number(d) * [8, 6, 4, 2, 3, 5, 9, 7][i]!, 0);
  const check = 11 - (sum % 11);
  return Number(m[3]) === (check === 10 ? 0 : check === 11 ? 5 : check);
}

const usps = (n: string) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
const royalMail = (n: string) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`;
const dhlParcel = (n: string) => `https://www.dhl.de/en/privatkunden/pakete-empfangen/verfolgen.html?piececode=${n}`;
const dhlExpress = (n: string) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}`;
const canadaPost = (n: string) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`;
const auspost = (n: string) => `https://auspost.com.au/mypost/track/details/${n}`;

const DHL_EXPRESS: Carrier = { carrier: 'DHL Express', service: 'DHL Express Worldwide', number: () => digits(10), url: dhlExpress };

/** By destination: [standard, express]. */
const BY_COUNTRY: Record<string, [Carrier, Carrier]> = {
  US: [
    { carrier: 'USPS', service: 'Ground Advantage', number: () => `9400${digits(18)}`, url: usps },
    { carrier: 'USPS', service: 'Priority Mail Express', number: () => `9270${digits(18)}`, url: usps },
  ],
  GB: [
    { carrier: 'Royal Mail', service: 'Tracked 48', number: () => s10('TT', 'GB'), url: royalMail },
    { carrier: 'Royal Mail', service: 'Special Delivery Guaranteed', number: () => s10('SD', 'GB'), url: royalMail },
  ],
  DE: [
    { carrier: 'Deutsche Post DHL', service: 'DHL Paket', number: () => `00340434${digits(12)}`, url: dhlParcel },
    { carrier: 'DHL Express', service: 'DHL Express Domestic', number: () => digits(10), url: dhlExpress },
  ],
  CA: [
    { carrier: 'Canada Post', service: 'Expedited Parcel', number: () => digits(16), url: canadaPost },
    { carrier: 'Canada Post', service: 'Xpresspost', number: () => digits(16), url: canadaPost },
  ],
  AU: [
    { carrier: 'Australia Post', service: 'Parcel Post', number: () => s10('CP', 'AU'), url: auspost },
    { carrier: 'Australia Post', service: 'Express Post', number: () => s10('EP', 'AU'), url: auspost },
  ],
};

/** The carrier, service and a fresh tracking number for a parcel to `countryCode` (ISO 3166-1 alpha-2). */
export function simulatedShipment(countryCode: string | undefined, express: boolean): SimulatedShipment {
  const pair = BY_COUNTRY[(countryCode ?? '').toUpperCase()];
  const c = pair ? pair[express ? 1 : 0] : DHL_EXPRESS;
  const tracking = c.number();
  return { carrier: c.carrier, service: c.service, tracking, url: c.url(tracking) };
}

/** The tracking page of a number this module made (a shipment reported again after a retry keeps its number). */
export function simulatedShipmentFor(countryCode: string | undefined, express: boolean, tracking: string): SimulatedShipment {
  const pair = BY_COUNTRY[(countryCode ?? '').toUpperCase()];
  const c = pair ? pair[express ? 1 : 0] : DHL_EXPRESS;
  return { carrier: c.carrier, service: c.service, tracking, url: c.url(tracking) };
}
