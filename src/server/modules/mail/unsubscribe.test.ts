import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, mailSuppressions } from '@/server/db/schema/index';
import { signedInClient, TestClient, uniqueEmail } from '@/server/test/auth-client';
import { startSmtpSink, type CapturedMail } from '@/server/test/loopback/smtp-sink';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { catalogue, freshClient, nominate } from '../nominations/test-support';
import { unsubscribeToken } from './unsubscribe';

/**
 * The headers of every mail and one-click unsubscribe from nomination mails (issue 26, docs/decisions/123), through a
 * loopback SMTP server: what a mail client sees, and what its one-click POST does.
 */

/** A header of a raw message, unfolded (RFC 5322: a line break followed by white space is part of the value). */
function header(mail: CapturedMail, name: string): string | null {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n([ \t])/g, '$1');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

describe('mail headers and one-click unsubscribe', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  let cat: Awaited<ReturnType<typeof catalogue>>;
  const arrived = (to: string, kind: RegExp) =>
    vi.waitFor(() => smtp.mailsTo(to).find((m) => kind.test(m.subject)) ?? Promise.reject(new Error('not yet')), { timeout: 15_000, interval: 100 });
  const claimMails = async (to: string) =>
    t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, 'nomination_claim')));

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Certifiable <no-reply@certifiable.test>' } });
    cat = await catalogue(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('gives every mail a Reply-To of the support address and Auto-Submitted; the claim mail also one-click unsubscribe', async () => {
    const nominee = uniqueEmail('nominee');
    const nominator = uniqueEmail('nominator');
    expect((await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_email: nominee, nominator_email: nominator })).claim_mail_sent).toBe(true);
    const claim = await arrived(nominee, /nominated you/);
    expect(header(claim, 'From')).toBe('Certifiable <no-reply@certifiable.test>');
    expect(header(claim, 'Reply-To')).toBe('hello@certifiable.example');
    expect(header(claim, 'Auto-Submitted')).toBe('auto-generated');
    expect(header(claim, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const list = header(claim, 'List-Unsubscribe')!;
    const [https, mailto] = list.split(/,\s*/);
    expect(https).toMatch(/^<https:\/\/certifiable\.test\/api\/mail\/unsubscribe\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}>$/);
    expect(mailto).toBe(`<mailto:hello@certifiable.example?subject=Unsubscribe%20${encodeURIComponent(nominee)}>`);
    // The same link, in words, at the end of the mail.
    expect(claim.text).toContain(`Rather not receive nominations by mail? One click and we stop: ${https!.slice(1, -1)}`);

    // The nominator's receipt went to a typed address too: the same pair, for that address.
    const receipt = await arrived(nominator, /has been filed/);
    expect(header(receipt, 'List-Unsubscribe')).toContain(`token=${unsubscribeToken(t.app.authSecret, 'nominations', nominator)}>`);

    // A mail the person asked for (sign-up): Reply-To and Auto-Submitted, no list to leave.
    const member = uniqueEmail('member');
    expect((await new TestClient(t.app).post('/api/auth/sign-up', { full_name: 'Mail Person', email: member, password: 'secret1' })).statusCode).toBe(201);
    const verify = await arrived(member, /Confirm your email/);
    expect(header(verify, 'Reply-To')).toBe('hello@certifiable.example');
    expect(header(verify, 'Auto-Submitted')).toBe('auto-generated');
    expect(header(verify, 'List-Unsubscribe')).toBeNull();

    // The support address is the settings’: an admin's change applies to the next mail.
    const admin = await signedInClient(t.app, { admin: true });
    const contact = { support_email: 'care@certifiable.example', social: { tiktok: '', x: '', instagram: '' } };
    expect((await admin.client.put('/api/admin/settings/contact', contact)).statusCode).toBe(200);
    const other = uniqueEmail('member2');
    await new TestClient(t.app).post('/api/auth/sign-up', { full_name: 'Mail Person', email: other, password: 'secret1' });
    expect(header(await arrived(other, /Confirm your email/), 'Reply-To')).toBe('care@certifiable.example');
    expect((await admin.client.put('/api/admin/settings/contact', { ...contact, support_email: 'hello@certifiable.example' })).statusCode).toBe(200);
  });

  it('a one-click POST unsubscribes the address without sign-in, and its next claim mail is not sent', async () => {
    const nominee = uniqueEmail('leaver');
    await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_email: nominee });
    const link = new URL(/<(https:[^>]+)>/.exec(header(await arrived(nominee, /nominated you/), 'List-Unsubscribe')!)![1]!);
    const url = `${link.pathname}${link.search}`;
    const client = new TestClient(t.app);

    // Opening the link (a person, or a mail scanner) only asks.
    const asked = await client.get(url);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toMatch(/^text\/html/);
    expect(asked.body).toContain('Unsubscribe from nominations?');
    expect(asked.body).toContain(nominee);
    expect(asked.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(await t.database.db.select().from(mailSuppressions).where(eq(mailSuppressions.email, nominee))).toEqual([]);

    // A wrong body, a changed token: nothing happens.
    const noBody = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=Maybe' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error.code).toBe('NOT_ONE_CLICK');
    const forged = `${link.pathname}?token=${unsubscribeToken('another-secret-another-secret-0123', 'nominations', nominee)}`;
    const refused = await t.app.inject({ method: 'POST', url: forged, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('BAD_UNSUBSCRIBE_TOKEN');
    // A browser gets a page that says so; any other client the JSON error.
    const forgedPage = await t.app.inject({ method: 'GET', url: forged, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(forgedPage.statusCode).toBe(400);
    expect(forgedPage.body).toContain('This unsubscribe link does not work');
    expect((await client.get(forged)).json().error.code).toBe('BAD_UNSUBSCRIBE_TOKEN');

    // The mail client's one-click POST (RFC 8058): no cookie, no CSRF token, no Origin.
    const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true, list: 'nominations' });
    expect(await t.database.db.select().from(mailSuppressions).where(eq(mailSuppressions.email, nominee))).toEqual([
      expect.objectContaining({ email: nominee, list: 'nominations', source: 'one_click' }),
    ]);
    // Again, as multipart/form-data (RFC 8058's own example): still one row, still 200.
    const boundary = '----FormBoundary7MA4YWxkTrZu0gW';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const again = await t.app.inject({ method: 'POST', url, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: multipart });
    expect(again.statusCode).toBe(200);
    expect((await client.get(url)).body).toContain('You are already unsubscribed');

    // The next nomination for that address is filed, but no claim mail goes out: the nominator passes the link on.
    const before = (await claimMails(nominee)).length;
    const next = await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_email: nominee.toUpperCase() });
    expect(next.claim_mail_sent).toBe(false);
    expect(next.claim_url).toMatch(/^\/claim\//);
    expect(await claimMails(nominee)).toHaveLength(before);
    // Someone else still gets theirs.
    expect((await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_email: uniqueEmail('stayer') })).claim_mail_sent).toBe(true);
  });

  it('the page’s own button unsubscribes and says so', async () => {
    const email = uniqueEmail('button');
    const url = `/api/mail/unsubscribe?token=${unsubscribeToken(t.app.authSecret, 'nominations', email)}`;
    const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('You are unsubscribed');
    expect(await t.database.db.select().from(mailSuppressions).where(eq(mailSuppressions.email, email))).toEqual([expect.objectContaining({ source: 'page' })]);
  });
});
