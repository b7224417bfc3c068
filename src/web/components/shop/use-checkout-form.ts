import { useEffect, useRef, useState } from 'react';
import { useWatch, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { showFieldError, useZodForm } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { ApiRequestError } from '@/web/lib/api-client';
import { useAuth } from '@/web/lib/auth';
import { useHydrated } from '@/web/lib/hydration';
import { DEFAULT_COUNTRY, guessCountry, type CheckoutFormOutput, type CheckoutFormValues } from './checkout-form';

/** The checkout's own part of any checkout form, as the shared hook and fields read it. */
export type CheckoutForm = UseFormReturn<CheckoutFormValues, unknown, CheckoutFormOutput>;

/** What a checkout page hands to the server and gets back: the order is placed, the payment page is next. */
export interface PlacedOrder {
  payment_url: string;
}

export interface PlaceOptions<TResult> {
  /** Before the shopper leaves for the payment page (the funnel remembers its order). */
  onPlaced?(result: TResult): void;
  /** A page's own answer to an error (the shop's discount code); true when it dealt with it. */
  onError?(err: ApiRequestError): boolean;
}

/**
 * The one checkout form of the shop and the funnel (issue 27): the contact and shipping fields with their first values
 * (the browser's country once hydrated, the signed-in shopper's email and name), the country and method they watch,
 * and placing the order — one idempotency key per attempt, then the payment page; a server error that names a field
 * goes under it (showFieldError), any other above the pay button (`problem`).
 *
 * `extra` holds the first values of the fields a page adds (the funnel's name to print).
 */
export function useCheckoutForm<TIn extends CheckoutFormValues & FieldValues, TOut extends CheckoutFormOutput>(
  schema: z.ZodType<TOut, TIn>,
  extra?: Omit<TIn, keyof CheckoutFormValues>,
) {
  const { user } = useAuth();
  const navigate = useNavigate();
  // A server-rendered page (the funnel's) does not know the shopper's country: hydration starts from the same default.
  const hydrated = useHydrated();
  const form = useZodForm(schema, {
    defaultValues: {
      ...extra,
      email: '',
      shipping_address: { name: '', line1: '', line2: '', city: '', state: '', postal_code: '', country: hydrated ? guessCountry() : DEFAULT_COUNTRY, phone: '' },
      shipping_method: 'standard',
    } as DefaultValues<TIn>,
  });
  const base = form as unknown as CheckoutForm;
  const { control, setValue, getValues } = base;
  const country = useWatch({ control, name: 'shipping_address.country' });
  const method = useWatch({ control, name: 'shipping_method' });

  useEffect(() => {
    if (user?.email && !getValues('email')) setValue('email', user.email);
    if (user?.full_name && !getValues('shipping_address.name')) setValue('shipping_address.name', user.full_name);
  }, [user, getValues, setValue]);
  // Once hydrated (before anyone can have chosen), the browser's own guess.
  useEffect(() => {
    if (hydrated && getValues('shipping_address.country') === DEFAULT_COUNTRY) setValue('shipping_address.country', guessCountry());
  }, [hydrated, getValues, setValue]);

  const [problem, setProblem] = useState<string | null>(null);
  // One key per checkout attempt: the same order and details again (a retry) reuse it, any change makes a new one.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  async function place<TBody, TResult extends PlacedOrder>(
    body: TBody,
    send: (request: { body: TBody; key: string }) => Promise<TResult>,
    options: PlaceOptions<TResult> = {},
  ): Promise<void> {
    setProblem(null);
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) attempt.current = { body: json, key: crypto.randomUUID() };
    try {
      const result = await send({ body, key: attempt.current.key });
      options.onPlaced?.(result);
      if (result.payment_url.startsWith('/')) navigate(result.payment_url);
      else window.location.assign(result.payment_url);
    } catch (err) {
      if (!(err instanceof ApiRequestError)) throw err;
      if (options.onError?.(err)) return;
      // A field the form shows (not a whole group such as `shipping_address`, which showFieldError leaves): under it.
      if (showFieldError(form, err)) return;
      if (err.status === 422 || err.code === 'CHECKOUT_EXPIRED') {
        // A refused key, or a checkout whose payment page has closed: the next press is a new checkout with a new key.
        attempt.current = null;
        setProblem(err.message);
        return;
      }
      setProblem(err.message);
      toast({ title: 'We could not place your order', description: err.message, variant: 'destructive' });
    }
  }

  return { form, country, method, problem, place };
}
