// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/server/test/auth-client';
import { apiFetch } from '@/web/lib/api-client';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp } from '@/web/test/render';
import { ImportDialog } from './import-dialog';

let live: LiveApp;
beforeAll(async () => {
  live = await startLiveApp('/admin/awards');
  const { email, password } = await createUser(live.app, { admin: true });
  await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email, password }) });
});
afterAll(async () => {
  await live.close();
});

const file = (text: string) => new File([text], 'awards.csv', { type: 'text/csv' });
const HEADER = 'title,description,stats,tagline,category_slug,is_active,sort_order';

describe('ImportDialog (the import preview)', () => {
  it('shows each row with its line, result, category and errors; with errors nothing can be imported', async () => {
    const { user } = renderWithApp(<ImportDialog open onOpenChange={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Import awards from CSV' });
    const csv = [HEADER, '"Order of the Last Biscuit","Changed.","Biscuits 1","","kitchen-cooking",true,90', '"Master of Burnt Toast","New.","Slices 3","","","",""', '"Bad Row","x","","","",maybe,1'].join('\n');
    await user.upload(within(dialog).getByLabelText('CSV file'), file(csv));
    expect(await within(dialog).findByText(/3 rows:/)).toHaveTextContent('3 rows: 1 new, 1 to update, 0 unchanged, 1 row with errors.');
    const table = within(dialog).getByRole('table', { name: 'Rows of the file and what importing them does' });
    const update = within(table).getByRole('row', { name: /Order of the Last Biscuit/ });
    expect(update).toHaveTextContent(/^2/);
    expect(update).toHaveTextContent('Update');
    expect(update).toHaveTextContent('Changes description, tagline, stats');
    const created = within(table).getByRole('row', { name: /Master of Burnt Toast/ });
    expect(created).toHaveTextContent('New');
    expect(created).toHaveTextContent('Kitchen & Cooking');
    expect(created).toHaveTextContent('picked automatically');
    const bad = within(table).getByRole('row', { name: /Bad Row/ });
    expect(bad).toHaveTextContent(/^4/);
    expect(bad).toHaveTextContent("is_active: is_active must be true or false, not 'maybe'");
    expect(within(dialog).getByText('Fix the errors in the file and choose it again. Nothing has been imported.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('says what is wrong with a file it cannot read, with the line', async () => {
    const { user } = renderWithApp(<ImportDialog open onOpenChange={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    await user.upload(within(dialog).getByLabelText('CSV file'), file('title,colour\nA,red\n'));
    const [notice] = await within(dialog).findAllByRole('alert');
    expect(notice).toHaveTextContent("Line 1Unknown column 'colour'");
  });

  it('imports a clean file all at once and says how many', async () => {
    let open = true;
    const { user } = renderWithApp(<ImportDialog open onOpenChange={(o) => (open = o)} />);
    const dialog = screen.getByRole('dialog');
    await user.upload(within(dialog).getByLabelText('CSV file'), file([HEADER, '"Keeper of the Lost Charger","Somewhere.","","","","",""'].join('\n')));
    const button = await within(dialog).findByRole('button', { name: 'Import 1 award' });
    await user.click(button);
    await waitFor(() => expect(open).toBe(false));
    expect(await screen.findByText('Awards imported')).toBeInTheDocument();
    const found = await apiFetch<{ awards: { title: string; category_slug: string | null }[] }>('/api/admin/awards', { query: { search: 'Lost Charger' } });
    expect(found.awards).toEqual([expect.objectContaining({ title: 'Keeper of the Lost Charger', category_slug: 'tech-devices' })]);
  });
});
