import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailDetail, MailList, MailResend } from '@/contract/admin-mail';
import { auditLog, mailOutbox } from '@/server/db/schema/index';
import { mailsTo, signedInClient, TestClient, uniqueEmail } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';

/**
 * /api/admin/mail on the app as `npm start` runs it without SMTP_URL: mail goes to the outbox and the log, and the
 * admin reads it there. Jobs run only when the test drains them, so every state is seen on purpose.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;
let member: Awaited<ReturnType<typeof signedInClient>>;
const NO_SUCH_MAIL = '00000000-0000-4000-8000-000000000000';

/** A visitor signs up through the real API: the verification mail is written to the outbox and logged by its job. */
async function signUp(prefix: string) {
  const email = uniqueEmail(prefix);
  const res = await new TestClient(t.app).post('/api/auth/sign-up', { full_name: 'Outbox Reader', email, password: 'secret1' });
  expect(res.statusCode, res.body).toBe(201);
  await t.drain();
  const [mail] = await mailsTo(t.database.db, email);
  expect(mail).toMatchObject({ transport: 'log', status: 'logged', kind: 'verify_email' });
  return { email, mail: mail! };
}

const list = async (query = '') => {
  const res = await admin.client.get(`/api/admin/mail${query}`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as MailList;
};

beforeAll(async () => {
  t = await createTestApp({ seed: false, jobs: 'manual' });
  admin = await signedInClient(t.app, { admin: true, email: uniqueEmail('postmaster') });
  member = await signedInClient(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('/api/admin/mail', () => {
  it('is for admins only: 401 signed out, 403 for a member, on every route', async () => {
    const { mail } = await signUp('guarded');
    const anonymous = new TestClient(t.app);
    for (const client of [anonymous, member.client]) {
      const expected = client === anonymous ? 401 : 403;
      expect((await client.get('/api/admin/mail')).statusCode).toBe(expected);
      expect((await client.get(`/api/admin/mail/${mail.id}`)).statusCode).toBe(expected);
      expect((await client.post(`/api/admin/mail/${mail.id}/resend`)).statusCode).toBe(expected);
    }
    // Nothing was resent by them.
    expect(await mailsTo(t.database.db, mail.to)).toHaveLength(1);
  });

  it('lists a real sign-up mail, newest first, filtered by state and recipient, with counts per state', async () => {
    const first = await signUp('older');
    const second = await signUp('newer');
    const all = await list();
    expect(all.transport).toBe('log');
    const ids = all.mails.map((m) => m.id);
    expect(ids.indexOf(second.mail.id)).toBeLessThan(ids.indexOf(first.mail.id));
    expect(all.mails.find((m) => m.id === second.mail.id)).toEqual({
      id: second.mail.id,
      to: second.email,
      subject: 'Confirm your email address for Certifiable',
      kind: 'verify_email',
      transport: 'log',
      state: 'logged',
      attempts: 1,
      created_at: expect.any(String),
      sent_at: expect.any(String),
    });
    // The list carries no bodies.
    expect(all.mails[0]).not.toHaveProperty('text');

    // Recipient search: part of the address, any case.
    const byRecipient = await list(`?to=${encodeURIComponent(first.email.slice(0, 12).toUpperCase())}`);
    expect(byRecipient.mails.map((m) => m.id)).toEqual([first.mail.id]);
    expect(byRecipient.state_counts).toEqual({ queued: 0, sending: 0, sent: 0, failed: 0, logged: 1 });
    expect((await list('?state=logged')).mails.every((m) => m.state === 'logged')).toBe(true);
    expect((await list('?state=failed')).total).toBe(0);
    // LIKE's own characters are taken literally.
    expect((await list('?to=%25')).total).toBe(0);
  });

  it('pages with a bounded size, and refuses bad filters naming the field', async () => {
    await signUp('paged');
    const one = await list('?page_size=1');
    expect(one).toMatchObject({ page: 1, page_size: 1 });
    expect(one.mails).toHaveLength(1);
    const two = await list('?page_size=1&page=2');
    expect(two.mails[0]!.id).not.toBe(one.mails[0]!.id);
    expect((await list()).page_size).toBe(25);

    for (const [query, field] of [
      ['?page_size=101', 'page_size'],
      ['?page_size=0', 'page_size'],
      ['?page=0', 'page'],
      ['?state=delivered', 'state'],
      [`?to=${'x'.repeat(201)}`, 'to'],
    ] as const) {
      const res = await admin.client.get(`/api/admin/mail${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.field, query).toBe(field);
    }
  });

  it('shows one mail as it arrives: subject, text, HTML and its links, and the verification link works', async () => {
    const { email, mail } = await signUp('reader');
    const res = await admin.client.get(`/api/admin/mail/${mail.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as MailDetail;
    expect(detail).toMatchObject({ id: mail.id, to: email, subject: 'Confirm your email address for Certifiable', kind: 'verify_email', state: 'logged', transport: 'log', attempts: 1, error: null });
    expect(detail.body!.text).toBe(mail.text);
    expect(detail.body!.html).toBe(mail.html);
    expect(detail.body!.text).toContain('Hello Outbox Reader,');

    // The one link of the mail, written in the text and behind the HTML button, is listed once, with its words.
    expect(detail.body!.links).toHaveLength(1);
    const [link] = detail.body!.links;
    expect(link).toMatchObject({ url: expect.stringMatching(/^https:\/\/certifiable\.test\/api\/auth\/verify-email\?token=/), internal: true });
    expect(link!.label).toBeTruthy();
    expect(mail.html).toContain(link!.label!);

    // A developer follows it: the account is verified and can sign in.
    const visitor = new TestClient(t.app);
    const url = new URL(link!.url);
    expect((await visitor.get(`${url.pathname}${url.search}`)).headers.location).toBe('/auth?verified=1');
    expect((await visitor.signIn(email, 'secret1')).statusCode).toBe(200);
  });

  it('does not show the body of a mail handed to an SMTP server', async () => {
    const [row] = await t.database.db
      .insert(mailOutbox)
      .values({ to: 'someone@example.test', subject: 'Choose a new password', text: 'Reset: https://certifiable.test/auth/reset-password?token=secret', kind: 'reset_password', transport: 'smtp', status: 'failed', attempts: 3, error: 'connect ECONNREFUSED 127.0.0.1:25' })
      .returning();
    const detail = (await admin.client.get(`/api/admin/mail/${row!.id}`)).json() as MailDetail;
    expect(detail).toMatchObject({ transport: 'smtp', state: 'failed', attempts: 3, error: 'connect ECONNREFUSED 127.0.0.1:25', body: null });
    expect(JSON.stringify(detail)).not.toContain('token=secret');
  });

  it('answers 400 naming the id for a malformed one, and 404 for an unknown one', async () => {
    for (const path of ['/api/admin/mail/not-a-uuid', '/api/admin/mail/not-a-uuid/resend']) {
      const res = path.endsWith('resend') ? await admin.client.post(path) : await admin.client.get(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.field).toBe('id');
    }
    const missing = await admin.client.get(`/api/admin/mail/${NO_SUCH_MAIL}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('MAIL_NOT_FOUND');
    expect((await admin.client.post(`/api/admin/mail/${NO_SUCH_MAIL}/resend`)).statusCode).toBe(404);
  });

  it('resends: a new delivery of the same mail through the mail job, and an audit entry', async () => {
    const { email, mail } = await signUp('resend');

    // Like every admin change, it needs the CSRF token.
    const noToken = new TestClient(t.app);
    for (const [k, v] of admin.client.cookies) noToken.cookies.set(k, v);
    noToken.csrf = false;
    expect((await noToken.post(`/api/admin/mail/${mail.id}/resend`)).statusCode).toBe(403);

    const res = await admin.client.post(`/api/admin/mail/${mail.id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    const { mail: copy } = res.json() as MailResend;
    expect(copy).toMatchObject({ to: email, subject: mail.subject, kind: 'verify_email', transport: 'log', state: 'queued', attempts: 0, sent_at: null });
    expect(copy.id).not.toBe(mail.id);

    // Queued with its job: the mail job delivers it (here: writes it to the log) like any other mail.
    const jobs = await t.app.jobs.list({ name: 'mail.send', state: 'waiting' });
    expect(jobs.filter((j) => (j.data as { id: string }).id === copy.id)).toHaveLength(1);
    await t.drain();
    const rows = await mailsTo(t.database.db, email);
    expect(rows).toHaveLength(2);
    const delivered = rows.find((r) => r.id === copy.id)!;
    expect(delivered).toMatchObject({ status: 'logged', attempts: 1, text: mail.text, html: mail.html });
    // The original is untouched.
    expect(rows.find((r) => r.id === mail.id)).toMatchObject({ status: 'logged', attempts: 1 });

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mail.resent'), eq(auditLog.entityId, mail.id)));
    expect(entry).toMatchObject({
      actorUserId: admin.user.id,
      entityType: 'mail',
      ip: admin.client.ip,
      before: { state: 'logged', attempts: 1 },
      after: { resent_as: copy.id, to: email, subject: mail.subject, kind: 'verify_email' },
    });
    // And the list shows both, the copy first.
    expect((await list(`?to=${encodeURIComponent(email)}`)).mails.map((m) => m.id)).toEqual([copy.id, mail.id]);
  });

  it('refuses to resend a mail still on its way (409), writing nothing', async () => {
    const email = uniqueEmail('queued');
    await t.app.mailer.send({ to: email, subject: 'Your certificate is framed', text: 'See https://certifiable.test/account', kind: 'test' });
    const [queued] = await mailsTo(t.database.db, email);
    expect(queued!.status).toBe('queued');
    const res = await admin.client.post(`/api/admin/mail/${queued!.id}/resend`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'MAIL_ON_ITS_WAY', field: 'id' });
    expect(await mailsTo(t.database.db, email)).toHaveLength(1);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'mail.resent'), eq(auditLog.entityId, queued!.id)))).toEqual([]);
    await t.drain();
  });
});
