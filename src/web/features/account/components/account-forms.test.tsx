// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@/contract/account';
import { createUser, TestClient } from '@/server/test/auth-client';
import { apiFetch } from '@/web/lib/api-client';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp, toasts } from '@/web/test/render';
import { DeleteAccountCard } from './delete-account-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';

let live: LiveApp;
beforeAll(async () => {
  live = await startLiveApp('/account');
});
afterAll(async () => {
  await live?.close();
});

/** A new verified user, signed in in this page (the session cookie lives in happy-dom's cookie jar). */
async function signedInAccount(name = 'Old Name') {
  const { email, password } = await createUser(live.app, { name });
  await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email, password }) });
  return { account: await apiFetch<Account>('/api/account'), password };
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const requestsOf = (line: string) => live.requests.filter((r) => r === line).length;

describe('PasswordCard', () => {
  it('the new password shows its hint, or its error when too short, never both; nothing is sent', async () => {
    const { account } = await signedInAccount();
    const { user } = renderWithApp(<PasswordCard account={account} />);
    expect(field('New password')).toHaveAccessibleDescription('At least 6 characters.');

    await user.type(field('Current password'), 'whatever-it-is');
    await user.type(field('New password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password must be at least 6 characters')).toBeVisible();
    expect(screen.queryByText('At least 6 characters.')).toBeNull();
    expect(field('New password')).toHaveAccessibleDescription('Password must be at least 6 characters');
    expect(field('New password')).toHaveFocus();
    expect(requestsOf('POST /api/account/password')).toBe(0);
  });

  it('an empty current password is asked for first, in page order', async () => {
    const { account } = await signedInAccount();
    const { user } = renderWithApp(<PasswordCard account={account} />);
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Please enter your current password')).toBeVisible();
    expect(field('Current password')).toHaveFocus();
    expect(field('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it("the server's answer to a wrong current password lands under that field, focused", async () => {
    const { account } = await signedInAccount();
    const { user } = renderWithApp(<PasswordCard account={account} />);
    await user.type(field('Current password'), 'not-my-password');
    await user.type(field('New password'), 'shiny-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your current password is not correct.')).toBeVisible();
    expect(field('Current password')).toHaveAccessibleDescription('Your current password is not correct.');
    expect(field('Current password')).toHaveFocus();
  });

  it("changes the password: 'Password changed', and both fields are emptied", async () => {
    const { account, password } = await signedInAccount();
    const { user } = renderWithApp(<PasswordCard account={account} />);
    await user.type(field('Current password'), password);
    await user.type(field('New password'), 'shiny-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await toasts().findByText('Password changed')).toBeVisible();
    expect(toasts().getByText('Every other device has been signed out.')).toBeVisible();
    expect(field('Current password')).toHaveValue('');
    expect(field('New password')).toHaveValue('');
    expect((await new TestClient(live.app).signIn(account.email, 'shiny-new-password')).statusCode).toBe(200);
  });

  it('an account that signs in only with Google has no password form', () => {
    const google: Account = {
      id: 'u1',
      email: 'g@example.test',
      full_name: 'Gina Google',
      email_verified: true,
      image: null,
      created_at: '2026-01-01T00:00:00.000Z',
      is_admin: false,
      has_password: false,
      sign_in_methods: ['google'],
    };
    renderWithApp(<PasswordCard account={google} />);
    expect(screen.getByText('You sign in with Google, so there is no password to change here.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
  });
});

describe('ProfileCard', () => {
  it('Save is enabled only once the name changes; an empty name is refused without a request', async () => {
    const { account } = await signedInAccount();
    const { user } = renderWithApp(<ProfileCard account={account} />);
    expect(field('Full name')).toHaveValue('Old Name');
    expect(screen.getByText(account.email)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();

    await user.clear(field('Full name'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Please enter your full name')).toBeVisible();
    expect(field('Full name')).toHaveFocus();
    expect(requestsOf('PATCH /api/account')).toBe(0);
  });

  it("saves the name: 'Profile saved', and the account has it", async () => {
    const { account } = await signedInAccount();
    const { user } = renderWithApp(<ProfileCard account={account} />);
    await user.clear(field('Full name'));
    await user.type(field('Full name'), '  New   Name ');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await toasts().findByText('Profile saved')).toBeVisible();
    expect((await apiFetch<Account>('/api/account')).full_name).toBe('New Name');
  });
});

describe('DeleteAccountCard', () => {
  it('asks for this account’s address and the password, then deletes the account', async () => {
    const { account, password } = await signedInAccount();
    const { user } = renderWithApp(<DeleteAccountCard account={account} />);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    const confirm = dialog.getByLabelText(`Type ${account.email} to confirm`);

    await user.type(confirm, 'someone-else@example.test');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText('Type the email address of this account')).toBeVisible();
    expect(dialog.getByText('Enter your password')).toBeVisible();
    expect(confirm).toHaveFocus();
    expect(requestsOf('DELETE /api/account')).toBe(0);

    await user.clear(confirm);
    await user.type(confirm, account.email.toUpperCase());
    await user.type(dialog.getByLabelText('Password'), password);
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));

    // Here the dialog stays open (the app would leave /account), so Radix hides the page, toasts included, from
    // the accessibility tree: look past that.
    const notifications = within(screen.getByRole('region', { name: 'Notifications (F8)', hidden: true }));
    expect(await notifications.findByText('Your account has been deleted')).toBeVisible();
    expect(requestsOf('DELETE /api/account')).toBe(1);
    expect((await new TestClient(live.app).signIn(account.email, password)).statusCode).toBe(401);
  });
});
