// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '@/server/test/auth-client';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { queryKeys } from '@/web/lib/query-keys';
import { renderWithApp, toasts } from '@/web/test/render';
import { AuthForm, type AuthMode } from './auth-form';

let live: LiveApp;
beforeAll(async () => {
  live = await startLiveApp('/auth');
});
afterAll(async () => {
  await live?.close();
});

/** What the /auth page does around the form: holds the mode, and where "Forgot your password?" leads. */
function AuthFormOnPage({ startIn = 'sign-in' }: { startIn?: AuthMode }) {
  const [mode, setMode] = useState<AuthMode>(startIn);
  const [forgotFor, setForgotFor] = useState<string | null>(null);
  if (forgotFor !== null) return <p>Reset link for: {forgotFor}</p>;
  return <AuthForm mode={mode} onModeChange={setMode} onForgot={setForgotFor} redirect="/" />;
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const posts = (path: string) => live.requests.filter((r) => r === `POST ${path}`).length;

describe('AuthForm: checks before anything is sent', () => {
  it("empty email and password: the spec's toast, both fields marked, focus on Email, and no request", async () => {
    const { user } = renderWithApp(<AuthFormOnPage />);
    const before = live.requests.length;
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await toasts().findByText('Please fill in all fields')).toBeVisible();
    expect(field('Email')).toHaveFocus();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(live.requests.slice(before).filter((r) => !r.startsWith('GET /api/auth/config'))).toEqual([]);
  });

  it('sign-up with email and password but no name asks for the full name, focused, and sends nothing', async () => {
    const { user } = renderWithApp(<AuthFormOnPage startIn="sign-up" />);
    await user.type(field('Email'), 'nameless@example.test');
    await user.type(field('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Please enter your full name')).toBeVisible();
    expect(field('Full name')).toHaveFocus();
    expect(field('Full name')).toHaveAccessibleDescription('Please enter your full name');
    expect(posts('/api/auth/sign-up')).toBe(0);
  });

  it('an empty email in sign-up mode is the toast alone: the missing name waits until email and password are filled', async () => {
    const { user } = renderWithApp(<AuthFormOnPage startIn="sign-up" />);
    await user.type(field('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await toasts().findByText('Please fill in all fields')).toBeVisible();
    expect(field('Email')).toHaveFocus();
    expect(field('Full name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter your full name')).toBeNull();
  });

  it('a password shorter than 6 shows its error instead of the hint, never both', async () => {
    const { user } = renderWithApp(<AuthFormOnPage startIn="sign-up" />);
    expect(field('Password')).toHaveAccessibleDescription('At least 6 characters.');

    await user.type(field('Full name'), 'Short Password');
    await user.type(field('Email'), 'short@example.test');
    await user.type(field('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Password must be at least 6 characters')).toBeVisible();
    expect(screen.queryByText('At least 6 characters.')).toBeNull();
    expect(field('Password')).toHaveAccessibleDescription('Password must be at least 6 characters');
    expect(field('Password')).toHaveFocus();
    expect(posts('/api/auth/sign-up')).toBe(0);

    // Fixed: the error goes as the field changes, and the hint is back.
    await user.type(field('Password'), '6');
    expect(screen.queryByText('Password must be at least 6 characters')).toBeNull();
    expect(field('Password')).toHaveAccessibleDescription('At least 6 characters.');
  });

  it('sign-in with a password too short to be anyone’s says so in the server’s words and sends nothing (no lockout count)', async () => {
    const { user } = renderWithApp(<AuthFormOnPage />);
    await user.type(field('Email'), 'three@example.test');
    await user.type(field('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Password must be at least 6 characters')).toBeVisible();
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Password')).toHaveFocus();
    expect(posts('/api/auth/sign-in')).toBe(0);
  });

  it('a server without Google credentials: no Google button and no "or" in either mode', async () => {
    const { user, queryClient } = renderWithApp(<AuthFormOnPage />);
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.auth.config())?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
    expect(screen.queryByText(/not configured/i)).toBeNull();
    expect(screen.queryByText('or', { exact: true })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create one' }));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
  });

  it('switching mode keeps what was typed, clears the messages and changes fields, button and autocomplete', async () => {
    const { user } = renderWithApp(<AuthFormOnPage />);
    expect(screen.queryByLabelText('Full name')).toBeNull();
    expect(field('Email')).toHaveAttribute('autocomplete', 'email');
    expect(field('Password')).toHaveAttribute('autocomplete', 'current-password');

    await user.type(field('Email'), 'switch@example.test');
    await user.type(field('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Create one' }));
    expect(field('Full name')).toHaveAttribute('autocomplete', 'name');
    expect(field('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(field('Email')).toHaveValue('switch@example.test');
    expect(field('Password')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Password must be at least 6 characters')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByText('New accounts start without admin rights; an existing admin grants them.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByLabelText('Full name')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByText('Reset link for: switch@example.test')).toBeInTheDocument();
  });
});

describe('AuthForm: answers from the API', () => {
  it("signs up: the spec's toast and the inbox notice with the address", async () => {
    const email = uniqueEmail('new');
    const { user } = renderWithApp(<AuthFormOnPage startIn="sign-up" />);
    await user.type(field('Full name'), 'Dana Scully');
    await user.type(field('Email'), email);
    await user.type(field('Password'), 'trustno1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await toasts().findByText('Account created! Please check your email to verify your account.')).toBeVisible();
    expect(screen.getByText('Check your inbox')).toBeVisible();
    expect(screen.getByText(email)).toBeVisible();
    expect(posts('/api/auth/sign-up')).toBe(1);
  });

  it("a taken address: 'An account with this email already exists'", async () => {
    const taken = await createUser(live.app);
    const { user } = renderWithApp(<AuthFormOnPage startIn="sign-up" />);
    await user.type(field('Full name'), 'Copy Cat');
    await user.type(field('Email'), taken.email.toUpperCase());
    await user.type(field('Password'), 'different1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await toasts().findByText('An account with this email already exists')).toBeVisible();
  });

  it("a wrong password: 'Invalid email or password' with 'Login failed. Please check your credentials.'", async () => {
    const account = await createUser(live.app);
    const { user } = renderWithApp(<AuthFormOnPage />);
    await user.type(field('Email'), account.email);
    await user.type(field('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await toasts().findByText('Invalid email or password')).toBeVisible();
    expect(toasts().getByText('Login failed. Please check your credentials.')).toBeVisible();
  });

  it("an unconfirmed address: the notice with 'Send a new link'", async () => {
    const email = uniqueEmail('unconfirmed');
    const { user } = renderWithApp(<AuthFormOnPage startIn="sign-up" />);
    await user.type(field('Full name'), 'Slow Reader');
    await user.type(field('Email'), email);
    await user.type(field('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await user.click(await screen.findByRole('button', { name: 'I confirmed it: sign in' }));

    expect(field('Email')).toHaveValue(email);
    expect(field('Password')).toHaveValue('');
    await user.type(field('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Confirm your email address first')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeEnabled();
  });

  it("signs in: 'Signed in successfully'", async () => {
    const account = await createUser(live.app);
    const { user } = renderWithApp(<AuthFormOnPage />);
    await user.type(field('Email'), `  ${account.email}  `);
    await user.type(field('Password'), account.password);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await toasts().findByText('Signed in successfully')).toBeVisible();
  });
});
