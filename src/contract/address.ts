import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { AU, BR, CA, IN, MX, US, type CountryData } from 'country-region-data';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';

/**
 * Shipping addresses for every country (docs/decisions/073): country names and codes from
 * i18n-iso-countries, postal-code formats from postcode-validator (a country without a postal-code
 * system needs none), and a state/province from a list where carriers need one.
 */
countries.registerLocale(en);

/** ISO 3166-1 alpha-2 code → English name, sorted by name. */
export const COUNTRY_OPTIONS: { code: string; name: string }[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** Countries whose carriers need a state, province or territory on the label. */
const REGION_LISTS: Record<string, CountryData> = { US, CA, AU, IN, MX, BR };

export function regionsOf(country: string): { code: string; name: string }[] | null {
  const data = REGION_LISTS[country];
  return data ? data[2].map(([name, code]) => ({ code: code ?? name, name })) : null;
}

export function countryName(code: string): string {
  return countries.getName(code, 'en') ?? code;
}

export function needsPostalCode(country: string): boolean {
  return postcodeValidatorExistsForCountry(country);
}

export function regionLabel(country: string): string {
  if (country === 'CA') return 'Province';
  if (country === 'AU') return 'State or territory';
  return 'State';
}

const line = (field: string, label: string, max: number) =>
  z.string({ message: `${field} must be text` }).trim().max(max, { message: `${label} must be at most ${max} characters` });

export const shippingAddressSchema = z
  .object({
    name: line('name', 'Full name', 100).min(1, { message: 'Full name is required' }),
    line1: line('line1', 'Address', 120).min(1, { message: 'Address is required' }),
    line2: line('line2', 'Apartment, suite, etc.', 120).default(''),
    city: line('city', 'City', 80).min(1, { message: 'City is required' }),
    state: line('state', 'State', 80).default(''),
    postal_code: line('postal_code', 'Postal code', 20).default(''),
    country: z
      .string({ message: 'country must be text' })
      .trim()
      .toUpperCase()
      .refine((c) => /^[A-Z]{2}$/.test(c) && countries.isValid(c), { message: 'Please choose a country' }),
    phone: line('phone', 'Phone', 30)
      .regex(/^[0-9+().\-\s]*$/, { message: 'Phone may contain digits, spaces and + ( ) - . only' })
      .default(''),
  })
  .strict()
  .superRefine((a, ctx) => {
    if (!/^[A-Z]{2}$/.test(a.country) || !countries.isValid(a.country)) return;
    if (needsPostalCode(a.country)) {
      if (!a.postal_code) ctx.addIssue({ code: 'custom', path: ['postal_code'], message: 'Postal code is required' });
      else if (!postcodeValidator(a.postal_code, a.country))
        ctx.addIssue({ code: 'custom', path: ['postal_code'], message: `That is not a postal code in ${countryName(a.country)}` });
    }
    const regions = regionsOf(a.country);
    if (regions) {
      const label = regionLabel(a.country);
      if (!a.state) ctx.addIssue({ code: 'custom', path: ['state'], message: `${label} is required` });
      else if (!regions.some((r) => r.code.toLowerCase() === a.state.toLowerCase() || r.name.toLowerCase() === a.state.toLowerCase()))
        ctx.addIssue({ code: 'custom', path: ['state'], message: `Please choose a ${label.toLowerCase()} of ${countryName(a.country)}` });
    }
  })
  .transform((a) => {
    const regions = regionsOf(a.country);
    const region = regions?.find((r) => r.code.toLowerCase() === a.state.toLowerCase() || r.name.toLowerCase() === a.state.toLowerCase());
    return { ...a, state: region ? region.code : a.state, postal_code: a.postal_code.toUpperCase() };
  });
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
export type ShippingAddressValue = z.output<typeof shippingAddressSchema>;
