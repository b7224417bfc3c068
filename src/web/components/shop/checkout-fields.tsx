import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { COUNTRY_OPTIONS, countryName } from '@/contract/address';
import type { Quote } from '@/contract/shop';
import { Button } from '@/web/components/ui/button';
import { FormSelectField, FormTextField } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatMoney } from '@/web/lib/money';
import { AddressFields } from './address-fields';
import { CheckoutSection } from './checkout-section';
import type { CheckoutFormOutput, CheckoutFormValues } from './checkout-form';
import { ShippingChoice } from './shipping-choice';
import type { CheckoutForm } from './use-checkout-form';

const COUNTRY_SELECT = COUNTRY_OPTIONS.map((c) => ({ value: c.code, label: c.name }));

export interface CheckoutFieldsProps<TIn extends CheckoutFormValues & FieldValues, TOut extends CheckoutFormOutput> {
  /** The form from useCheckoutForm. */
  form: UseFormReturn<TIn, unknown, TOut>;
  /** Whether anything ships: without, only the contact step. */
  ships: boolean;
  /** The live quote: its shipping methods and prices (undefined while the first one loads). */
  quote: Quote | undefined;
  /** The number of the contact step (the funnel asks for the name to print first). */
  firstStep?: number;
  /** The steps' heading ids: `${idPrefix}-${step}`. */
  idPrefix?: string;
  emailDescription: string;
  emailDisabled?: boolean;
  /** Under the shipping methods (the shop's delivery times). */
  shippingNote?: ReactNode;
  /** In place of the address and method steps when nothing ships. */
  nothingToShip?: ReactNode;
}

/**
 * The checkout's numbered steps, the shop's and the funnel's alike: contact, then — when something ships — the address
 * with its country's rules (AddressFields) and the shipping method the quote offers for it.
 */
export function CheckoutFields<TIn extends CheckoutFormValues & FieldValues, TOut extends CheckoutFormOutput>({
  form,
  ships,
  quote: q,
  firstStep = 1,
  idPrefix,
  emailDescription,
  emailDisabled,
  shippingNote,
  nothingToShip,
}: CheckoutFieldsProps<TIn, TOut>) {
  const { control, setValue } = form as unknown as CheckoutForm;
  const country = useWatch({ control, name: 'shipping_address.country' });
  const method = useWatch({ control, name: 'shipping_method' });
  return (
    <>
      <CheckoutSection idPrefix={idPrefix} step={firstStep} title="Contact">
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" description={emailDescription} disabled={emailDisabled} />
        {ships ? null : (
          // Nothing ships: where the buyer lives decides the VAT or GST on a PDF (docs/decisions/133).
          <FormSelectField control={control} name="shipping_address.country" label="Country" autoComplete="country" className="mt-4" description="Where you live: it decides the VAT or GST on your PDF." options={COUNTRY_SELECT} />
        )}
      </CheckoutSection>
      {ships ? (
        <>
          <CheckoutSection idPrefix={idPrefix} step={firstStep + 1} title="Shipping address">
            <AddressFields control={control} country={country} />
          </CheckoutSection>
          <CheckoutSection idPrefix={idPrefix} step={firstStep + 2} title="Shipping method">
            {!q ? (
              <Skeleton className="h-32 rounded-2xl" />
            ) : !q.ships_to_country ? (
              <Notice tone="error" title={`No prints to ${countryName(country)} yet`}>
                Our printers don’t reach {countryName(country)} — yet. Ship to another address, or swap the prints for the PDF edition: it arrives anywhere, instantly.
              </Notice>
            ) : (
              <ShippingChoice methods={q.shipping_methods} currency={q.currency} value={method} onChange={(id) => setValue('shipping_method', id)} />
            )}
            {q?.ships_to_country && !q.shipping_methods.some((m) => m.id === method) ? (
              <p className="mt-3 text-sm font-medium text-brand-700" role="status">
                {method === 'express' ? 'Express' : 'Standard'} shipping does not reach this address. Please choose another method.
              </p>
            ) : null}
            {q?.ships_to_country === false ? null : shippingNote}
          </CheckoutSection>
        </>
      ) : (
        nothingToShip
      )}
    </>
  );
}

/** The number of the step after CheckoutFields' (the shop's discount code). */
export const stepAfterCheckoutFields = (ships: boolean, firstStep = 1) => firstStep + (ships ? 3 : 1);

/**
 * The end of a checkout form: why the order was not placed (if it was not), the page's own notices, the pay button with
 * the total, and where the card is paid.
 */
export function PlaceOrderFooter({
  problem,
  notices,
  quote: q,
  pending,
  disabled,
  testMode,
  after,
}: {
  problem: string | null;
  notices?: ReactNode;
  quote: Quote | undefined;
  pending: boolean;
  disabled?: boolean;
  testMode: boolean;
  /** After the payment sentence (the funnel's word on its offer). */
  after?: string;
}) {
  // A 100 % discount on what does not ship: paid at once, the next page is the order's (docs/decisions/108).
  const free = q?.total === 0;
  return (
    <>
      {problem ? (
        <Notice tone="error" title="Your order was not placed">
          {problem}
        </Notice>
      ) : null}
      {notices}
      <Button type="submit" size="lg" disabled={pending || !q || disabled} className="w-full">
        <Lock aria-hidden="true" />
        {pending ? 'Placing your order…' : !q ? 'Pay now' : free ? 'Place my order (nothing to pay)' : `Pay ${formatMoney(q.total, q.currency)}`}
      </Button>
      <p className="text-center text-xs text-muted">
        {free
          ? 'Your discount covers all of it: nothing is charged and no card is needed.'
          : `You pay on the next page${testMode ? ' (our test card processor)' : ' (our card payment provider)'}; your card details never touch our servers.`}
        {after}
      </p>
    </>
  );
}
