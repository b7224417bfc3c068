import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { LOOPBACK } from './loopback-config';

export { LOOPBACK };

let n = 0;
/** A fresh address per test: accounts and rate limits never collide between tests. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${(++n).toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * Waits for a mail to `to` (caught by the loopback SMTP server) whose subject starts with `subject` and, when
 * given, that `accept` takes — mail leaves through the job queue, so a newer mail can arrive after the request.
 */
export async function waitForMail(to: string, subject: string, accept: (mail: CaughtMail) => boolean = () => true): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`http://127.0.0.1:${LOOPBACK.mailApiPort}/mails?to=${encodeURIComponent(to)}`);
        const mails = (await res.json()) as CaughtMail[];
        found = mails.filter((m) => m.subject.startsWith(subject) && accept(m)).at(-1);
        return Boolean(found);
      },
      { message: `a mail "${subject}…" to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

export const linkIn = (text: string) => {
  const m = /https?:\/\/\S+/.exec(text);
  if (!m) throw new Error(`no link in mail: ${text}`);
  return m[0];
};

/** The toast area (Radix viewport); toasts are asserted inside it so page text never collides. */
export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

export async function csrfHeaders(request: APIRequestContext) {
  const res = await request.get('/api/auth/csrf');
  const { csrf_token } = (await res.json()) as { csrf_token: string };
  return { 'x-csrf-token': csrf_token };
}

/** A verified account made through the real API and the real verification mail. */
export async function createVerifiedUser(
  request: APIRequestContext,
  opts: { prefix?: string; fullName?: string; password?: string } = {},
) {
  const email = uniqueEmail(opts.prefix ?? 'user');
  const password = opts.password ?? 'correct horse battery';
  const fullName = opts.fullName ?? 'Test Person';
  const res = await request.post('/api/auth/sign-up', {
    data: { full_name: fullName, email, password },
    headers: await csrfHeaders(request),
  });
  expect(res.status(), await res.text()).toBe(201);
  const mail = await waitForMail(email, 'Confirm your email');
  const verify = await request.get(linkIn(mail.text), { maxRedirects: 0 });
  expect(verify.status()).toBe(302);
  return { email, password, fullName };
}

/** Signs the page's browser in through the API (its cookies are the page's cookies). */
export async function signInViaApi(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/sign-in', {
    data: { email, password },
    headers: await csrfHeaders(page.request),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Fills the /auth form and submits it. */
export async function signInViaForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
