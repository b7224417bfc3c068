import { formatAddress } from 'localized-address-format';

/**
 * A postal address as its country writes it (docs/decisions/118): "Washington, DC 20500" in the United States,
 * "London" over "SW1A 2AA" in the United Kingdom, "10115 Berlin" in Germany. The order of the fields comes from
 * Google's address data (libaddressinput, the data behind Chrome's address forms) through localized-address-format,
 * in the Latin-script form a shop writing in English prints. Server (mails) and pages use this one function.
 *
 * Kept apart from ./address (the form's country list and postal-code rules): a page that only shows an address
 * loads this and the small format table, not the whole country list.
 */

export interface PostalAddress {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  state?: string;
  postal_code?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** Joins the two street lines into one field, so a literal after the street (Japan's ", Tokyo") follows the last one. */
const STREET_BREAK = '\uE000';
const CITY_PROBE = '\uE001';
const POSTCODE_PROBE = '\uE002';

/** Which of city and postal code a country's format prints at all (Japan's has no city: it belongs to the street). */
const printed = new Map<string, { city: boolean; postcode: boolean }>();

function fieldsPrinted(country: string): { city: boolean; postcode: boolean } {
  let p = printed.get(country);
  if (!p) {
    const probe = formatAddress({ postalCountry: country, locality: CITY_PROBE, postalCode: POSTCODE_PROBE }, 'latin').join('\n');
    p = { city: probe.includes(CITY_PROBE), postcode: probe.includes(POSTCODE_PROBE) };
    printed.set(country, p);
  }
  return p;
}

/**
 * The address block, one line per row, the country's name last when it is given. A city or postal code the
 * country's format has no place for is kept, on a line after the street, rather than dropped.
 */
export function addressLines(a: PostalAddress, countryName?: string): string[] {
  const country = a.country.trim().toUpperCase();
  const city = a.city.trim();
  const postcode = (a.postal_code ?? '').trim();
  const fields = fieldsPrinted(country);
  const extra = [fields.city ? '' : city, fields.postcode ? '' : postcode].filter(Boolean).join(' ');
  const street = [a.line1, a.line2 ?? '', extra].map((s) => s.trim()).filter(Boolean);
  const lines = formatAddress(
    {
      postalCountry: country,
      name: a.name.trim(),
      addressLines: street.length ? [street.join(STREET_BREAK)] : [],
      locality: city,
      administrativeArea: (a.state ?? '').trim(),
      postalCode: postcode,
    },
    'latin',
  )
    .flatMap((l) => l.split(STREET_BREAK))
    .map((l) => l.trim())
    .filter(Boolean);
  return countryName ? [...lines, countryName] : lines;
}
