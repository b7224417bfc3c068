import { z } from 'zod';
import { shippingAddressSchema, type ShippingAddressValue } from '@/contract/address';
import { checkoutBodySchema, shippingMethodIdSchema, type ShippingMethodId } from '@/contract/shop';

/** The fields of a checkout form: the contract's own rules, with the address and method only when something is shipped. */
export const checkoutFormShape = (ships: boolean) => ({
  email: checkoutBodySchema.shape.email,
  shipping_address: ships ? shippingAddressSchema : z.unknown().optional().transform(() => null),
  shipping_method: ships ? shippingMethodIdSchema : z.unknown().optional().transform(() => null),
});

/** The checkout form (the shop's; the funnel's adds the name to print). */
export const checkoutFormSchema = (ships: boolean): z.ZodType<CheckoutFormOutput, CheckoutFormValues> =>
  z.object(checkoutFormShape(ships)) as unknown as z.ZodType<CheckoutFormOutput, CheckoutFormValues>;

export interface CheckoutFormOutput {
  email: string;
  shipping_address: ShippingAddressValue | null;
  shipping_method: ShippingMethodId | null;
}

export interface CheckoutFormValues {
  email: string;
  shipping_address: { name: string; line1: string; line2: string; city: string; state: string; postal_code: string; country: string; phone: string };
  shipping_method: 'standard' | 'express';
}

/** The first choice of country when the browser's cannot be known: what the server renders, and hydration with it. */
export const DEFAULT_COUNTRY = 'US';

/**
 * The shopper's country as the browser says (en-GB → GB), for a sensible first choice. Browser only: a page the
 * server renders starts with DEFAULT_COUNTRY and takes this once hydrated (the server's own locale is not the shopper's).
 */
export function guessCountry(): string {
  if (typeof navigator === 'undefined') return DEFAULT_COUNTRY;
  const region = (navigator.languages?.[0] ?? navigator.language ?? '').split('-')[1]?.toUpperCase();
  return region && /^[A-Z]{2}$/.test(region) ? region : DEFAULT_COUNTRY;
}
