// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmContactList } from '@/contract/crm';
import { createUser } from '@/server/test/auth-client';
import { apiFetch } from '@/web/lib/api-client';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp } from '@/web/test/render';
import { ContactPage } from './contact-page';
import { CrmAdmin } from './crm-admin';

let live: LiveApp;
let contactId: string;
const EMAIL = 'robin.reporter@example.com';

beforeAll(async () => {
  live = await startLiveApp('/admin/crm');
  const { email, password } = await createUser(live.app, { admin: true, name: 'Ada Admin' });
  await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email, password }) });
  // A bug report with an email: the address becomes a contact the next time the list is opened.
  const boundary = '----crm-test';
  const payload = ['title', 'reporter_email']
    .map((name) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${name === 'title' ? 'The seal is upside down' : EMAIL}\r\n`)
    .join('');
  const sent = await live.app.inject({
    method: 'POST',
    url: '/api/bug-reports',
    payload: `${payload}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    remoteAddress: '203.0.113.77',
  });
  if (sent.statusCode !== 201) throw new Error(`create-bug: ${sent.statusCode} ${sent.body}`);
  const list = await apiFetch<CrmContactList>('/api/admin/crm/contacts', { query: { q: EMAIL } });
  contactId = list.contacts[0]!.id;
});
afterAll(async () => {
  await live?.close();
});

describe('/admin/crm', () => {
  it('lists the contact and links to its page', async () => {
    renderWithApp(<CrmAdmin />, { path: '/admin/crm?q=robin' });
    const row = await screen.findByTestId('crm-row');
    expect(within(row).getByRole('link', { name: new RegExp(EMAIL) })).toHaveAttribute('href', `/admin/crm/contact/${contactId}`);
    expect(within(row).getByText('No consent')).toBeVisible();
    expect(screen.getByTestId('crm-csv')).toHaveAttribute('href', '/api/admin/crm/contacts.csv?q=robin&sort=last_activity&dir=desc');
  });
});

describe('/admin/crm/contact/{id}', () => {
  it('checks tags, consent and the erasure confirmation in the browser before anything is sent, then saves', async () => {
    const { user } = renderWithApp(<ContactPage id={contactId} />, { path: `/admin/crm/contact/${contactId}` });
    expect(await screen.findByRole('heading', { level: 1, name: EMAIL })).toBeVisible();
    expect(screen.getByText('No account')).toBeVisible();
    const timeline = screen.getByTestId('crm-timeline');
    expect(within(timeline).getByText('Reported “The seal is upside down”')).toBeVisible();
    expect(within(timeline).getByRole('link', { name: 'Open report' })).toHaveAttribute('href', expect.stringMatching(/^\/admin\/bug-reports\?report=/));
    const sentBefore = live.requests.filter((r) => !r.startsWith('GET')).length;

    // A tag the server would refuse is refused here, under its field.
    const tag = screen.getByRole('combobox', { name: 'Add a tag' });
    await user.type(tag, '<b>');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('A tag may hold letters, digits, spaces, - and _')).toBeVisible();
    expect(tag).toHaveAttribute('aria-invalid', 'true');
    // Consent needs its source.
    await user.click(screen.getByRole('switch', { name: 'Marketing consent' }));
    await user.click(screen.getByRole('button', { name: 'Record consent' }));
    expect(await screen.findByText(/Say how they gave consent/)).toBeVisible();
    // The erasure needs the address typed again.
    await user.click(screen.getByRole('button', { name: /Erase/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Erase this contact everywhere?' }));
    await user.type(dialog.getByRole('textbox', { name: `Type ${EMAIL} to confirm` }), 'someone@else.example');
    await user.click(dialog.getByRole('button', { name: 'Erase everywhere' }));
    expect(dialog.getByRole('textbox', { name: `Type ${EMAIL} to confirm` })).toHaveAttribute('aria-invalid', 'true');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(live.requests.filter((r) => !r.startsWith('GET')).length).toBe(sentBefore);

    // Now properly: a tag, consent with its source, a note.
    await user.clear(tag);
    await user.type(tag, '  Press  Kit ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('button', { name: 'Remove tag press kit' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'How do we know?' }), 'Asked by email on 3 May');
    await user.click(screen.getByRole('button', { name: 'Record consent' }));
    expect(await screen.findByTestId('crm-consent-source')).toHaveTextContent('Asked by email on 3 May');
    expect(screen.getByText(/nothing is ever sent because of this switch/)).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Add a note' }), 'Wants the seal the right way up.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const notes = within(await screen.findByTestId('crm-notes'));
    expect(notes.getByText('Wants the seal the right way up.')).toBeVisible();
    expect(notes.getByText(/Ada Admin/)).toBeVisible();
    await waitFor(() => expect(live.requests).toContain(`POST /api/admin/crm/contacts/${contactId}/notes`));
    expect(live.requests.filter((r) => r === `PATCH /api/admin/crm/contacts/${contactId}`)).toHaveLength(2);
  });
});
