import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/server/db/schema/index';
import { firstLink, TestClient, uniqueEmail } from '@/server/test/auth-client';
import { startSmtpSink } from '@/server/test/loopback/smtp-sink';
import { createTestApp, type TestApp } from '@/server/test/test-app';

describe('mail through SMTP (a loopback SMTP server)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ seed: false, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Certifiable <hello@certifiable.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the verification mail, whose link verifies the account', async () => {
    const email = uniqueEmail('smtp');
    const c = new TestClient(t.app);
    expect((await c.post('/api/auth/sign-up', { full_name: 'Mail Person', email, password: 'secret1' })).statusCode).toBe(201);
    const [mail] = smtp.mailsTo(email);
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('hello@certifiable.test');
    expect(mail!.subject).toBe('Confirm your email address for Certifiable');
    expect(mail!.text).toContain('Hello Mail Person,');
    expect(mail!.raw).toMatch(/content-type: text\/html/i);
    const link = new URL(firstLink(mail!.text));
    expect(link.href).toMatch(/^https:\/\/certifiable\.test\/api\/auth\/verify-email\?token=/);
    expect((await c.get(`${link.pathname}${link.search}`)).headers.location).toBe('/auth?verified=1');
    expect((await c.signIn(email, 'secret1')).statusCode).toBe(200);

    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(row).toMatchObject({ transport: 'smtp', status: 'sent', kind: 'verify_email', error: null });
  });

  it('delivers the password-reset mail', async () => {
    const email = uniqueEmail('smtp-reset');
    const c = new TestClient(t.app);
    await c.post('/api/auth/sign-up', { full_name: 'Forgetful', email, password: 'secret1' });
    await c.post('/api/auth/password/forgot', { email });
    const reset = smtp.mailsTo(email).find((m) => m.subject.startsWith('Choose a new password'));
    expect(firstLink(reset!.text)).toMatch(/^https:\/\/certifiable\.test\/auth\/reset-password\?token=/);
  });
});

describe('mail when the SMTP server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('still creates the account, and records the failed mail so it can be resent', async () => {
    const email = uniqueEmail('smtp-down');
    const res = await new TestClient(t.app).post('/api/auth/sign-up', { full_name: 'Unlucky', email, password: 'secret1' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(row).toMatchObject({ transport: 'smtp', status: 'failed' });
    expect(row!.error).toMatch(/ECONNREFUSED/);
  });
});

describe('mail without SMTP_URL', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ seed: false, logger: { level: 'info', stream: { write: (l: string) => void lines.push(l) } } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores the mail in the outbox and writes its text, link included, to the log', async () => {
    const email = uniqueEmail('outbox');
    await new TestClient(t.app).post('/api/auth/sign-up', { full_name: 'Log Reader', email, password: 'secret1' });
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(row).toMatchObject({ transport: 'log', status: 'logged', kind: 'verify_email' });
    const link = firstLink(row!.text);
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; mail?: { to: string } }).find((l) => l.mail?.to === email);
    expect(logged?.msg).toContain(link);
  });
});
