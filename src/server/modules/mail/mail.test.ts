import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '@/server/db/schema/index';
import { firstLink, TestClient, uniqueEmail } from '@/server/test/auth-client';
import { startSmtpSink } from '@/server/test/loopback/smtp-sink';
import { freePort } from '@/server/test/processes';
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
    // Delivered by the mail job, moments after the request answered.
    const mail = await vi.waitFor(() => smtp.mailsTo(email)[0] ?? Promise.reject(new Error('not yet')), { timeout: 15_000, interval: 100 });
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('hello@certifiable.test');
    expect(mail!.subject).toBe('Confirm your email address for Certifiable');
    expect(mail!.text).toContain('Hello Mail Person,');
    expect(mail!.raw).toMatch(/content-type: text\/html/i);
    const link = new URL(firstLink(mail!.text));
    expect(link.href).toMatch(/^https:\/\/certifiable\.test\/api\/auth\/verify-email\?token=/);
    expect((await c.get(`${link.pathname}${link.search}`)).headers.location).toBe('/auth?verified=1');
    expect((await c.signIn(email, 'secret1')).statusCode).toBe(200);

    await vi.waitFor(
      async () => {
        const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
        expect(row).toMatchObject({ transport: 'smtp', status: 'sent', kind: 'verify_email', error: null, attempts: 1 });
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it('delivers the password-reset mail', async () => {
    const email = uniqueEmail('smtp-reset');
    const c = new TestClient(t.app);
    await c.post('/api/auth/sign-up', { full_name: 'Forgetful', email, password: 'secret1' });
    await c.post('/api/auth/password/forgot', { email });
    const reset = await vi.waitFor(() => smtp.mailsTo(email).find((m) => m.subject.startsWith('Choose a new password')) ?? Promise.reject(new Error('not yet')), {
      timeout: 15_000,
      interval: 100,
    });
    expect(firstLink(reset!.text)).toMatch(/^https:\/\/certifiable\.test\/auth\/reset-password\?token=/);
  });
});

describe('mail when the SMTP server is down', () => {
  let t: TestApp;
  let port: number;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>> | null = null;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ seed: false, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  it('still creates the account at once, keeps the mail, and delivers it once the server is back', async () => {
    const email = uniqueEmail('smtp-down');
    const res = await new TestClient(t.app).post('/api/auth/sign-up', { full_name: 'Unlucky', email, password: 'secret1' });
    expect(res.statusCode).toBe(201);
    const row = async () => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)))[0];
    // The first attempt fails and is recorded; the job will try again.
    await vi.waitFor(async () => expect(await row()).toMatchObject({ transport: 'smtp', status: 'failed', error: expect.stringMatching(/ECONNREFUSED/) }), {
      timeout: 15_000,
      interval: 100,
    });
    // The mail server comes back: a later attempt delivers the same mail, once.
    smtp = await startSmtpSink(port);
    await vi.waitFor(async () => expect(await row()).toMatchObject({ status: 'sent', error: null }), { timeout: 30_000, interval: 200 });
    expect((await row())!.attempts).toBeGreaterThanOrEqual(2);
    expect(smtp.mailsTo(email).filter((m) => m.subject.startsWith('Confirm your email'))).toHaveLength(1);
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
    const row = await vi.waitFor(
      async () => {
        const [r] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
        expect(r).toMatchObject({ transport: 'log', status: 'logged', kind: 'verify_email' });
        return r!;
      },
      { timeout: 15_000, interval: 100 },
    );
    const link = firstLink(row.text);
    // The log line may follow the outbox row's commit by a moment: wait for it, as for the row.
    await vi.waitFor(
      () => {
        const logged = lines.map((l) => JSON.parse(l) as { msg: string; mail?: { to: string } }).find((l) => l.mail?.to === email);
        expect(logged?.msg).toContain(link);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it('logs a mail with attachments as it does any other, naming its files (nothing is drawn without SMTP)', async () => {
    const to = uniqueEmail('outbox-attached');
    const ref = { kind: 'invoice' as const, orderId: '00000000-0000-4000-8000-000000000000', number: 'INV-000042', filename: 'INV-000042.pdf' };
    const id = await t.app.mailer.send({ to, subject: 'Your invoice', text: 'Here it is.', kind: 'test_attachments' }, { attachments: [ref] });
    await vi.waitFor(
      async () => {
        const [r] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
        expect(r).toMatchObject({ transport: 'log', status: 'logged', attachments: [ref] });
        const logged = lines.map((l) => JSON.parse(l) as { msg: string; mail?: { to: string } }).find((l) => l.mail?.to === to);
        expect(logged?.msg).toContain('Here it is.\n[attached: INV-000042.pdf]');
      },
      { timeout: 15_000, interval: 100 },
    );
  });
});
