import { expect, test } from './fixtures';
import {
  createVerifiedUser,
  linkIn,
  LOOPBACK,
  signInViaApi,
  signInViaForm,
  toasts,
  uniqueEmail,
  waitForMail,
} from './support/auth-helpers';
import { axeSerious } from './support/page-helpers';

test.describe('/auth', () => {
  test('sign-up → verification mail → verify → sign-in → sign-out', async ({ page }) => {
    const email = uniqueEmail('Journey');
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await page.getByRole('button', { name: 'Create one' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Admin Account' })).toBeVisible();

    await page.getByLabel('Full name').fill('Dana Scully');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('trustno1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(toasts(page).getByText('Account created! Please check your email to verify your account.')).toBeVisible();
    await expect(page.getByText('Check your inbox')).toBeVisible();

    const mail = await waitForMail(email, 'Confirm your email');
    expect(mail.text).toContain('Hello Dana Scully,');
    await page.goto(linkIn(mail.text));
    await expect(page).toHaveURL(/\/auth\?verified=1$/);
    await expect(page.getByText('Your email address is confirmed. Sign in to continue.')).toBeVisible();

    await signInViaForm(page, email.toUpperCase(), 'trustno1');
    await expect(toasts(page).getByText('Signed in successfully')).toBeVisible();
    await expect(page).toHaveURL('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    await expect(header.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

    await header.getByRole('button', { name: 'Sign Out' }).click();
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Account' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('an unverified account is told so and can ask for a new link', async ({ page, request }) => {
    const email = uniqueEmail('unverified');
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Create one' }).click();
    await page.getByLabel('Full name').fill('Slow Reader');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('button', { name: 'I confirmed it: sign in' }).click();
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Confirm your email address first' })).toBeVisible();
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(toasts(page).getByText('Confirmation link sent')).toBeVisible();
    await expect
      .poll(async () => ((await (await request.get(`http://127.0.0.1:${LOOPBACK.mailApiPort}/mails?to=${email}`)).json()) as unknown[]).length)
      .toBe(2);
  });

  test('checks the form like the spec: empty fields, short password, missing name', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(toasts(page).getByText('Please fill in all fields')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email').fill('someone@example.test');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();

    await page.getByRole('button', { name: 'Create one' }).click();
    await page.getByLabel('Password', { exact: true }).fill('123456');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please enter your full name')).toBeVisible();
    await expect(page.getByLabel('Full name')).toBeFocused();
  });

  test('a duplicate sign-up is refused', async ({ page, request }) => {
    const user = await createVerifiedUser(request, { prefix: 'dup' });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Create one' }).click();
    await page.getByLabel('Full name').fill('Copy Cat');
    await page.getByLabel('Email').fill(user.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('different1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(toasts(page).getByText('An account with this email already exists')).toBeVisible();
  });

  test('a wrong password is refused', async ({ page, request }) => {
    const user = await createVerifiedUser(request, { prefix: 'wrong' });
    await page.goto('/auth');
    await signInViaForm(page, user.email, 'not-the-password');
    await expect(toasts(page).getByText('Invalid email or password')).toBeVisible();
    await expect(toasts(page).getByText('Login failed. Please check your credentials.')).toBeVisible();
    await expect(page).toHaveURL('/auth');
  });

  test('the 6th attempt in 15 minutes is refused, whatever the letter case of the email', async ({ page, request }) => {
    const user = await createVerifiedUser(request, { prefix: 'limited' });
    await page.goto('/auth');
    const spellings = [user.email, user.email.toUpperCase(), user.email, user.email.toUpperCase(), user.email];
    for (const email of spellings) {
      await signInViaForm(page, email, 'wrong-password');
      await expect(toasts(page).getByText('Invalid email or password')).toBeVisible();
    }
    // Even the right password is refused now.
    await signInViaForm(page, user.email.toUpperCase(), user.password);
    await expect(
      toasts(page).getByText('Too many login attempts. Please try again in 15 minutes. (0 attempts remaining)'),
    ).toBeVisible();
    await expect(page).toHaveURL('/auth');
  });

  test('forgotten password → reset mail → new password', async ({ page, request }) => {
    const user = await createVerifiedUser(request, { prefix: 'forgetful' });
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Check your inbox')).toBeVisible();

    const mail = await waitForMail(user.email, 'Choose a new password');
    await page.goto(linkIn(mail.text));
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await page.getByLabel('Repeat the new password').fill('brand-new-secret');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(toasts(page).getByText('Password changed')).toBeVisible();
    await expect(page).toHaveURL('/auth');

    await signInViaForm(page, user.email, 'brand-new-secret');
    await expect(toasts(page).getByText('Signed in successfully')).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('Google sign-in through the loopback OIDC provider, back to the guarded page', async ({ page }) => {
    const email = uniqueEmail('gina.google');
    await page.goto('/account');
    await expect(page).toHaveURL('/auth?redirect=%2Faccount');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${LOOPBACK.oidcPort}/interaction/`));
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(toasts(page).getByText('Signed in successfully')).toBeVisible();
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hello, Gina Google');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('You sign in with Google, so there is no password to change here.')).toBeVisible();
  });

  test('a cancelled Google sign-in says so', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${LOOPBACK.oidcPort}/interaction/`));
    // An empty form is the loopback provider's "cancel".
    await page.locator('input[name=email]').evaluate((el) => el.removeAttribute('required'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(toasts(page).getByText('Failed to sign in with Google')).toBeVisible();
    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test('a signed-in visitor is sent on from /auth', async ({ page, request }) => {
    const user = await createVerifiedUser(request, { prefix: 'already' });
    await signInViaApi(page, user.email, user.password);
    await page.goto('/auth');
    await expect(page).toHaveURL('/');
    await page.goto('/auth?redirect=%2Faccount');
    await expect(page).toHaveURL('/account');
  });

  test('has no serious accessibility problems', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(await axeSerious(page)).toEqual([]);
  });
});

test.describe('guards', () => {
  test('/account and /order/{id} send signed-out visitors to /auth and back after sign-in', async ({ page, request }) => {
    const user = await createVerifiedUser(request, { prefix: 'guarded' });
    await page.goto('/order/ord_123?tab=status');
    await expect(page).toHaveURL('/auth?redirect=%2Forder%2Ford_123%3Ftab%3Dstatus');
    await page.goto('/account');
    await expect(page).toHaveURL('/auth?redirect=%2Faccount');
    await signInViaForm(page, user.email, user.password);
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Test Person' })).toBeVisible();
  });
});
