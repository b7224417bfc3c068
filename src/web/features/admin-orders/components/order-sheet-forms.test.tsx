// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@/contract/shop';
import { adminOrderIn } from '@/web/test/order-fixtures';
import { stubApi } from '@/web/test/api-stub';
import { renderWithApp } from '@/web/test/render';
import { OrderSheet } from './order-sheet';

// The network boundary: the order as the admin API has it; an action is refused as `api.refusal` says.
let order: AdminOrder;
const api = stubApi(() => order);

async function openDialog(button: string, dialog: string) {
  const { user } = renderWithApp(<OrderSheet id={order.id} onClose={() => undefined} />);
  const sheet = within(await screen.findByRole('dialog', { name: `Order ${order.number}` }));
  await user.click(sheet.getByRole('button', { name: button }));
  return { user, dialog: within(screen.getByRole('dialog', { name: dialog })) };
}

describe('the refund form', () => {
  it('says under the amount what it cannot take, before anything is sent', async () => {
    order = adminOrderIn({ lifecycle: 'open', payment: 'paid', fulfilment: 'submitted' });
    const { user, dialog } = await openDialog('Refund', `Refund ${order.number}?`);
    const amount = dialog.getByRole('textbox', { name: 'Amount (USD)' });
    expect(amount).toHaveValue('64.99');
    expect(amount).toHaveAccessibleDescription('The whole amount left, or part of it.');

    await user.clear(amount);
    await user.type(amount, 'ten');
    await user.click(dialog.getByRole('button', { name: /^Refund/ }));
    expect(amount).toHaveFocus();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Enter an amount such as 12.50');

    await user.clear(amount);
    await user.type(amount, '65.00');
    expect(amount).toHaveAccessibleDescription('At most $64.99 can be refunded');
    await user.click(dialog.getByRole('button', { name: 'Refund $65.00' }));
    expect(amount).toHaveAccessibleDescription('At most $64.99 can be refunded');
    expect(api.sent).toEqual([]);
  });

  it('puts the server’s refusal of the amount under it; a refusal naming no field too', async () => {
    order = adminOrderIn({ lifecycle: 'open', payment: 'paid', fulfilment: 'submitted' });
    api.refusal = { status: 409, error: { code: 'CONFLICT', message: 'At most $54.99 can still be refunded.', field: 'amount' } };
    const { user, dialog } = await openDialog('Refund', `Refund ${order.number}?`);
    const amount = dialog.getByRole('textbox', { name: 'Amount (USD)' });
    await user.clear(amount);
    await user.type(amount, '60');
    await user.type(dialog.getByRole('textbox', { name: 'Reason (the customer does not see it)' }), '  Frame corner scuffed ');
    await user.click(dialog.getByRole('button', { name: 'Refund $60.00' }));
    expect(await dialog.findByText('At most $54.99 can still be refunded.')).toBeVisible();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('At most $54.99 can still be refunded.');
    expect(amount).toHaveFocus();
    expect(api.sent).toEqual([{ method: 'POST', path: `/api/admin/orders/${order.id}/refund`, body: { amount: 6000, reason: 'Frame corner scuffed' } }]);

    // The whole amount left is sent as no amount.
    api.refusal = { status: 502, error: { code: 'PROVIDER_ERROR', message: 'The payment provider did not answer.' } };
    await user.clear(amount);
    await user.type(amount, '64.99');
    await user.click(dialog.getByRole('button', { name: 'Refund $64.99' }));
    expect(await dialog.findByText(/The payment provider did not answer\./)).toBeVisible();
    expect(amount).toHaveAccessibleDescription(/The payment provider did not answer\./);
    expect(api.sent[1]).toEqual({ method: 'POST', path: `/api/admin/orders/${order.id}/refund`, body: { reason: 'Frame corner scuffed' } });
  });
});

describe('the cancel form', () => {
  it('puts the server’s refusal of the reason under it; any other refusal is a toast', async () => {
    order = adminOrderIn({ lifecycle: 'pending', payment: 'unpaid', fulfilment: 'none' });
    api.refusal = { status: 400, error: { code: 'VALIDATION_ERROR', message: 'reason must be at most 500 characters', field: 'reason' } };
    const { user, dialog } = await openDialog('Cancel order', `Cancel ${order.number}?`);
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await user.type(reason, 'Asked by phone');
    await user.click(dialog.getByRole('button', { name: 'Cancel the order' }));
    expect(await dialog.findByText('reason must be at most 500 characters')).toBeVisible();
    expect(reason).toHaveAccessibleDescription('reason must be at most 500 characters');
    expect(reason).toHaveFocus();
    expect(api.sent).toEqual([{ method: 'POST', path: `/api/admin/orders/${order.id}/cancel`, body: { reason: 'Asked by phone' } }]);

    api.refusal = { status: 409, error: { code: 'NOT_CANCELLABLE', message: 'This order was paid in the meantime.' } };
    await user.click(dialog.getByRole('button', { name: 'Cancel the order' }));
    // (The open dialog hides the toasts from the accessibility tree, so the toast is found by its text.)
    expect(await screen.findByText('This order was paid in the meantime.')).toBeVisible();
    expect(dialog.queryByText('This order was paid in the meantime.')).toBeNull();
  });
});
