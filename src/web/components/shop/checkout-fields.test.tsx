// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Quote } from '@/contract/shop';
import { Form } from '@/web/components/ui/form';
import { ApiRequestError } from '@/web/lib/api-client';
import { renderWithApp } from '@/web/test/render';
import { CheckoutFields, PlaceOrderFooter } from './checkout-fields';
import { checkoutFormSchema, type CheckoutFormOutput } from './checkout-form';
import { useCheckoutForm } from './use-checkout-form';

const quote = {
  currency: 'USD',
  total: 4990,
  test_mode: true,
  ships_to_country: true,
  shipping_methods: [{ id: 'standard', label: 'Standard', price: 990, min_days: 7, max_days: 14 }],
} as unknown as Quote;

/** The shared form as a page uses it, sending to `send` instead of the API. */
function Harness({
  send,
  ships = true,
  quoted = quote,
}: {
  send: (request: { body: CheckoutFormOutput; key: string }) => Promise<{ payment_url: string }>;
  ships?: boolean;
  quoted?: Quote;
}) {
  const { form, problem, place } = useCheckoutForm(checkoutFormSchema(ships));
  return (
    <Form form={form} onSubmit={(values) => place(values, send)} aria-label="Checkout">
      <CheckoutFields form={form} ships={ships} quote={quoted} emailDescription="Your receipt goes here." />
      <PlaceOrderFooter problem={problem} quote={quote} pending={false} testMode />
    </Form>
  );
}

const field = (name: string) => screen.getByLabelText(name, { exact: true });

async function fillUs(user: ReturnType<typeof renderWithApp>['user']) {
  await user.type(field('Email'), 'ada@example.test');
  await user.selectOptions(field('Country or region'), 'US');
  await user.type(field('Full name'), 'Ada Lovelace');
  await user.type(field('Address'), '1 Analytical Way');
  await user.type(field('City'), 'Springfield');
  await user.selectOptions(field('State'), 'IL');
  await user.type(field('Postal code'), '62701');
}

describe('the shared checkout form (shop and funnel)', () => {
  it('asks what the country needs: a state list and a postal code for the US, a province for Canada, no postal code where there is none', async () => {
    const { user } = renderWithApp(<Harness send={vi.fn()} />);
    await user.selectOptions(field('Country or region'), 'US');
    expect(within(field('State')).getByRole('option', { name: 'Illinois' })).toBeInTheDocument();
    expect(field('Postal code')).toBeInTheDocument();

    await user.selectOptions(field('Country or region'), 'CA');
    expect(within(field('Province')).getByRole('option', { name: 'Ontario' })).toBeInTheDocument();
    expect(screen.queryByLabelText('State')).toBeNull();

    // Hong Kong has no postal codes: no field, and a free-text region.
    await user.selectOptions(field('Country or region'), 'HK');
    expect(screen.queryByLabelText('Postal code')).toBeNull();
    expect(field('State, county or region (optional)')).toBeInTheDocument();
  });

  it('checks the postal code by the country’s rules before anything is sent', async () => {
    const send = vi.fn();
    const { user } = renderWithApp(<Harness send={send} />);
    await fillUs(user);
    await user.clear(field('Postal code'));
    await user.type(field('Postal code'), 'SW1A 2AA');
    await user.click(screen.getByRole('button', { name: 'Pay $49.90' }));
    expect(await screen.findByText('That is not a postal code in United States of America')).toBeVisible();
    expect(field('Postal code')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Postal code')).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
  });

  it('puts a server error that names a field under that field, focused; one the form does not show goes above the button', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiRequestError(400, 'VALIDATION_ERROR', 'We do not ship to this postal code.', 'shipping_address.postal_code'))
      .mockRejectedValueOnce(new ApiRequestError(400, 'VALIDATION_ERROR', 'Please enter a shipping address.', 'shipping_address'));
    const { user } = renderWithApp(<Harness send={send} />);
    await fillUs(user);
    await user.click(screen.getByRole('button', { name: 'Pay $49.90' }));
    expect(await screen.findByText('We do not ship to this postal code.')).toBeVisible();
    expect(field('Postal code')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Postal code')).toHaveAccessibleDescription('We do not ship to this postal code.');
    expect(field('Postal code')).toHaveFocus();
    expect(send).toHaveBeenCalledTimes(1);
    const first = send.mock.calls[0]![0] as { body: CheckoutFormOutput; key: string };
    expect(first.body.shipping_address).toMatchObject({ country: 'US', state: 'IL', postal_code: '62701' });

    // The same details again are the same attempt: the same idempotency key.
    await user.click(screen.getByRole('button', { name: 'Pay $49.90' }));
    expect(await screen.findByText('Please enter a shipping address.', { selector: 'p, div' })).toBeVisible();
    expect(screen.getByText('Your order was not placed')).toBeVisible();
    expect((send.mock.calls[1]![0] as { key: string }).key).toBe(first.key);
  });

  it('says before Pay that prints do not go to a country the shop does not ship to, in place of the methods', async () => {
    const { user } = renderWithApp(<Harness send={vi.fn()} quoted={{ ...quote, ships_to_country: false, shipping_methods: [] }} />);
    await user.selectOptions(field('Country or region'), 'BR');
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('No prints to Brazil yet');
    expect(notice).toHaveTextContent('the PDF edition: it arrives anywhere');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByText(/shipping does not reach this address/)).toBeNull();
  });
});
