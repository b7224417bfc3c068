// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, mailsTo, uniqueEmail } from '@/server/test/auth-client';
import { apiFetch } from '@/web/lib/api-client';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp } from '@/web/test/render';
import { MailAdmin } from './mail-admin';
import { previewDocument } from './mail-sheet';

let live: LiveApp;
let email: string;
beforeAll(async () => {
  live = await startLiveApp('/admin/mail');
  // A visitor signs up (the real verification mail, logged: no SMTP_URL), then the admin signs in.
  email = uniqueEmail('outbox-page');
  await apiFetch('/api/auth/sign-up', { method: 'POST', body: JSON.stringify({ full_name: 'Dana Outbox', email, password: 'secret1' }) });
  await waitFor(async () => expect((await mailsTo(live.database.db, email))[0]?.status).toBe('logged'), { timeout: 15_000 });
  const admin = await createUser(live.app, { admin: true });
  await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email: admin.email, password: admin.password }) });
});
afterAll(async () => {
  await live?.close();
});

describe('/admin/mail', () => {
  it('lists the mail, opens it with its link and sandboxed HTML, and sends it again with a toast', async () => {
    const { user } = renderWithApp(<MailAdmin />, { path: '/admin/mail' });
    expect(await screen.findByText('No mail server is set, so nothing leaves the building')).toBeVisible();

    // happy-dom is wider than sm: the table is the visible list.
    const row = (await screen.findAllByTestId('mail-row')).find((r) => within(r).queryByText(email));
    expect(row).toBeDefined();
    expect(within(row!).getByText('Logged')).toBeVisible();
    expect(within(row!).getByText('Address check')).toBeVisible();
    await user.click(within(row!).getByRole('button', { name: /Confirm your email address for Certifiable.*open this mail/ }));

    const sheet = await screen.findByRole('dialog');
    expect(await within(sheet).findByRole('heading', { name: 'Confirm your email address for Certifiable' })).toBeVisible();
    const link = within(within(sheet).getByTestId('mail-links')).getByRole('link');
    expect(link.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1\/api\/auth\/verify-email\?token=/);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const frame = within(sheet).getByTitle('The mail as HTML');
    // No scripts, no same origin, no popups: an empty sandbox.
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('verify-email?token=');
    expect(within(sheet).getByLabelText('The mail as plain text').textContent).toContain('Hello Dana Outbox,');

    await user.click(within(sheet).getByRole('button', { name: 'Send it again' }));
    // The open panel hides the rest of the page (the toasts' region too) from the accessibility tree; the toast shows.
    expect(await screen.findByText(`Sent again to ${email}`)).toBeVisible();
    expect(live.requests.some((r) => /^POST \/api\/admin\/mail\/[0-9a-f-]+\/resend$/.test(r))).toBe(true);
    await waitFor(async () => expect(await mailsTo(live.database.db, email)).toHaveLength(2));
  });

  it('says what to do next when nothing matches', async () => {
    renderWithApp(<MailAdmin />, { path: '/admin/mail?to=nobody-at-all' });
    expect(await screen.findByText('No mail to that address')).toBeVisible();
    expect(screen.getByText(/the bit before the @ will do/)).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Clear the filters' }).length).toBeGreaterThan(0);
  });
});

describe('previewDocument', () => {
  it('keeps the preview’s links inside the sandbox without touching the rest', () => {
    expect(previewDocument('<!doctype html><html><body><a href="https://x.test">x</a></body></html>')).toBe(
      '<!doctype html><html><head><base target="_blank"></head><body><a href="https://x.test">x</a></body></html>',
    );
    expect(previewDocument('<html lang="en"><head><title>t</title></head></html>')).toBe('<html lang="en"><head><base target="_blank"><title>t</title></head></html>');
    expect(previewDocument('<p>bare</p>')).toBe('<base target="_blank"><p>bare</p>');
  });
});
