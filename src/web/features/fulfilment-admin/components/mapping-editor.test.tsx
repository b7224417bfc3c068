// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Award } from '@/contract/awards';
import { products } from '@/server/db/schema/index';
import { createUser } from '@/server/test/auth-client';
import { apiFetch } from '@/web/lib/api-client';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp, toasts } from '@/web/test/render';
import { MappingEditor } from './mapping-editor';

let live: LiveApp;
let award: Award;
beforeAll(async () => {
  live = await startLiveApp('/');
  award = (await live.app.inject({ method: 'GET', url: '/api/awards' })).json<Award[]>()[2]!;
  const { email, password } = await createUser(live.app, { admin: true });
  await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email, password }) });
});
afterAll(async () => {
  await live?.close();
});

const requestsOf = (line: RegExp) => live.requests.filter((r) => line.test(r)).length;

describe('MappingEditor', () => {
  it('puts the server’s refusal under the field it names, keeps what was typed, then creates, switches and deletes', async () => {
    const { user } = renderWithApp(<MappingEditor />);
    expect(await screen.findByText('No mappings yet. Map an award to a product and the store shows its mockup.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'New mapping' }));
    const form = within(screen.getByRole('form', { name: 'New mapping' }));
    const awardSelect = form.getByLabelText('Award');
    await waitFor(() => expect(within(awardSelect).getByRole('option', { name: award.title })).toBeTruthy());
    await user.selectOptions(awardSelect, award.id);
    const productSelect = form.getByLabelText('Product');
    await waitFor(() => expect(within(productSelect).getByRole('option', { name: 'Paper print' })).toBeTruthy());
    await user.selectOptions(productSelect, within(productSelect).getByRole('option', { name: 'Paper print' }));
    await user.type(form.getByLabelText('Base template id (optional)'), '5001');
    await user.click(form.getByRole('button', { name: 'Use the award’s emblem' }));
    expect(form.getByLabelText('Mockup URL (optional)')).toHaveValue(award.image_url);

    // Another admin removes the product meanwhile: the server names the field.
    await live.database.db.delete(products).where(eq(products.slug, 'paper-print'));
    await user.click(form.getByRole('button', { name: 'Create mapping' }));
    expect(await form.findByText('product_id is not a product.')).toBeVisible();
    expect(productSelect).toHaveAccessibleDescription('product_id is not a product.');
    expect(productSelect).toHaveFocus();
    expect(form.getByLabelText('Base template id (optional)')).toHaveValue('5001');
    expect(form.getByLabelText('Mockup URL (optional)')).toHaveValue(award.image_url);
    expect(awardSelect).toHaveValue(award.id);

    await user.selectOptions(productSelect, within(productSelect).getByRole('option', { name: 'Framed certificate' }));
    await user.click(form.getByRole('button', { name: 'Create mapping' }));
    expect(await toasts().findByText('Mapping created')).toBeVisible();
    const row = await screen.findByTestId('mapping-row');
    expect(row).toHaveTextContent(award.title);
    expect(row).toHaveTextContent('Framed certificate');
    expect(row).toHaveTextContent('Templates: base 5001');
    expect(within(row).getByRole('img', { name: `Mockup of ${award.title}` })).toHaveAttribute('src', award.image_url);

    const active = within(row).getByRole('switch', { name: `${award.title} on Framed certificate active` });
    expect(active).toBeChecked();
    await user.click(active);
    expect(await toasts().findByText('Mapping off: the store no longer shows it')).toBeVisible();
    await waitFor(() => expect(within(screen.getByTestId('mapping-row')).getByRole('switch')).not.toBeChecked());
    expect(requestsOf(/^PATCH \/api\/admin\/award-product-templates\//)).toBe(1);

    await user.click(within(screen.getByTestId('mapping-row')).getByRole('button', { name: `Delete the mapping of ${award.title}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete mapping' }));
    expect(await toasts().findByText('Mapping deleted')).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('mapping-row')).toBeNull());
  });
});
