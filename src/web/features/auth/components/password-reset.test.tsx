// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, firstLink, lastMailTo, TestClient, uniqueEmail } from '@/server/test/auth-client';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp, toasts } from '@/web/test/render';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';

let live: LiveApp;
beforeAll(async () => {
  live = await startLiveApp('/auth');
});
afterAll(async () => {
  await live?.close();
});

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const posts = (path: string) => live.requests.filter((r) => r === `POST ${path}`).length;

/** A real reset token: asked for through the API, read from the mail the app sent. */
async function resetTokenFor(email: string): Promise<string> {
  const res = await new TestClient(live.app).post('/api/auth/password/forgot', { email });
  expect(res.statusCode).toBe(202);
  const mail = await lastMailTo(live.database.db, email);
  return new URL(firstLink(mail!.text)).searchParams.get('token')!;
}

describe('ForgotPasswordForm', () => {
  it('refuses an address that is not one, focused, without a request', async () => {
    const { user } = renderWithApp(<ForgotPasswordForm initialEmail="" onBack={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please fill in all fields')).toBeVisible();
    expect(field('Email')).toHaveFocus();

    await user.type(field('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(posts('/api/auth/password/forgot')).toBe(0);
  });

  it('starts from the address typed on the sign-in form and says a link is on its way', async () => {
    const account = await createUser(live.app);
    let backs = 0;
    const { user } = renderWithApp(<ForgotPasswordForm initialEmail={account.email} onBack={() => backs++} />);
    expect(field('Email')).toHaveValue(account.email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('Check your inbox')).toBeVisible();
    expect(screen.getByText(account.email)).toBeVisible();
    expect(await lastMailTo(live.database.db, account.email)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(backs).toBe(1);
  });
});

describe('ResetPasswordForm', () => {
  it('a page opened without a token says the link does not work and offers a new one', () => {
    renderWithApp(<ResetPasswordForm token="" />, { path: '/auth/reset-password' });
    expect(screen.getByText('This link does not work any more')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth?mode=forgot');
  });

  it('a short password shows its error instead of the hint, and the repeat is not judged yet', async () => {
    const { user } = renderWithApp(<ResetPasswordForm token="some-token" />, { path: '/auth/reset-password' });
    const hint = 'At least 6 characters. Every device signed in to your account will be signed out.';
    expect(field('New password')).toHaveAccessibleDescription(hint);

    await user.type(field('New password'), '12345');
    await user.type(field('Repeat the new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Password must be at least 6 characters')).toBeVisible();
    expect(screen.queryByText(hint)).toBeNull();
    expect(field('New password')).toHaveAccessibleDescription('Password must be at least 6 characters');
    expect(field('New password')).toHaveFocus();
    expect(screen.queryByText('The two passwords do not match')).toBeNull();
    expect(posts('/api/auth/password/reset')).toBe(0);
  });

  it('a repeat that differs is marked and focused, and nothing is sent', async () => {
    const { user } = renderWithApp(<ResetPasswordForm token="some-token" />, { path: '/auth/reset-password' });
    await user.type(field('New password'), 'brand-new-secret');
    await user.type(field('Repeat the new password'), 'brand-new-secrets');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('The two passwords do not match')).toBeVisible();
    expect(field('Repeat the new password')).toHaveFocus();
    expect(field('Repeat the new password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('New password')).not.toHaveAttribute('aria-invalid');
    expect(posts('/api/auth/password/reset')).toBe(0);
  });

  it("saves the new password with a real token: 'Password changed', then the sign-in page", async () => {
    const account = await createUser(live.app, { email: uniqueEmail('reset') });
    const token = await resetTokenFor(account.email);
    const { user } = renderWithApp(<ResetPasswordForm token={token} />, { path: '/auth/reset-password' });
    await user.type(field('New password'), 'brand-new-secret');
    await user.type(field('Repeat the new password'), 'brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await toasts().findByText('Password changed')).toBeVisible();
    expect(toasts().getByText('Sign in with your new password.')).toBeVisible();
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/auth');
    expect((await new TestClient(live.app).signIn(account.email, 'brand-new-secret')).statusCode).toBe(200);
  });

  it('a token the server does not know turns the page into "This link does not work any more"', async () => {
    const { user } = renderWithApp(<ResetPasswordForm token="made-up-token" />, { path: '/auth/reset-password' });
    const before = posts('/api/auth/password/reset');
    await user.type(field('New password'), 'brand-new-secret');
    await user.type(field('Repeat the new password'), 'brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('This link does not work any more')).toBeVisible();
    expect(posts('/api/auth/password/reset')).toBe(before + 1);
  });
});
