import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOMINATION_LIMITS, NOMINATION_RATE_LIMIT, type CreateNominationResult } from '@/contract/nominations';
import { claimTokens, mailOutbox, nominations } from '@/server/db/schema/index';
import { firstLink, lastMailTo, outcomeOf, waitForMailTo, signedInClient, uniqueEmail } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { hashClaimToken } from './ids';
import { catalogue, freshClient, nominate, tokenOf } from './test-support';

let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogue(t.database.db);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/nominations', () => {
  it('stores the nomination, answers 201 with the certificate and a claim link shown once', async () => {
    const client = freshClient(t.app);
    const res = await client.post('/api/nominations', {
      award_id: cat.award.id,
      template_id: cat.template('gold-foil').id,
      nominee_name: '  Dana   Whitfield ',
      reason: 'For replying "Thanks!" to the all-company holiday schedule, twice.',
      nominator_name: 'Sam from Accounts',
      is_public: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as CreateNominationResult;
    const c = body.certificate;
    expect(c.share_id).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(c.certificate_number).toMatch(/^CF-[2-9A-HJKMNP-TV-Z]{5}$/);
    expect(c).toMatchObject({
      nominee_name: 'Dana Whitfield',
      nominator_name: 'Sam from Accounts',
      status: 'pending',
      is_public: true,
      template: { slug: 'gold-foil' },
      award: { id: cat.award.id, title: cat.award.title },
      reactions: { applause: 0, laugh: 0, salute: 0 },
      my_reaction: null,
    });
    // Same-origin paths (docs/decisions/037); the mails carry them on PUBLIC_URL.
    expect(c.urls).toEqual({
      page: `/certificate/${c.share_id}`,
      svg: `/api/certificates/${c.share_id}/certificate.svg`,
      share_png: `/api/certificates/${c.share_id}/share.png`,
      print_png: `/api/certificates/${c.share_id}/print.png`,
      pdf: `/api/certificates/${c.share_id}/certificate.pdf`,
    });
    expect(body.claim_url).toMatch(/^\/claim\/[\w-]{43}$/);
    expect(body.claim_mail_sent).toBe(false);

    // Only the token's hash is stored.
    const token = tokenOf(body.claim_url);
    const [row] = await t.database.db.select().from(nominations).where(eq(nominations.shareId, c.share_id));
    const tokens = await t.database.db.select().from(claimTokens).where(eq(claimTokens.nominationId, row!.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).toBe(hashClaimToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.nominatorUserId).toBeNull();
  });

  it('allows anonymous nominations: no nominator name means "Anonymous", defaults to public and the first template', async () => {
    const { certificate } = await nominate(freshClient(t.app), { award_id: cat.award.id });
    expect(certificate.nominator_name).toBe('Anonymous');
    expect(certificate.is_public).toBe(true);
    expect(certificate.template.slug).toBe(cat.templates[0]!.slug);
    expect(certificate.reason).toBe('');
  });

  it('records a signed-in nominator, and takes the name as typed (an emptied name stays anonymous)', async () => {
    const { client, user } = await signedInClient(t.app, { name: 'Signed Sam' });
    const { certificate } = await nominate(client, { award_id: cat.award.id, nominator_name: '' });
    expect(certificate.nominator_name).toBe('Anonymous');
    const [row] = await t.database.db.select().from(nominations).where(eq(nominations.shareId, certificate.share_id));
    expect(row!.nominatorUserId).toBe(user.id);
    expect(row!.nominatorEmail).toBeNull();
  });

  it('needs the CSRF header from a signed-in browser, like every cookie-authenticated mutation', async () => {
    const { client } = await signedInClient(t.app);
    client.csrf = false;
    const res = await client.post('/api/nominations', { award_id: cat.award.id, nominee_name: 'X' });
    expect(outcomeOf(res)).toBe('403 CSRF_FAILED');
  });

  describe('validation: 400 naming the field, with a message a person understands', () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ['missing award', { award_id: undefined }, 'award_id', /choose an award/i],
      ['award not a uuid', { award_id: 'tea' }, 'award_id', /choose an award/i],
      ['template not a uuid', { template_id: 'gold' }, 'template_id', /template/],
      ['missing nominee name', { nominee_name: undefined }, 'nominee_name', /nominee_name/],
      ['blank nominee name', { nominee_name: '   ' }, 'nominee_name', /name is required/],
      ['invisible-only nominee name', { nominee_name: '\u200B\u202E' }, 'nominee_name', /name is required/],
      ['nominee name too long', { nominee_name: long(NOMINATION_LIMITS.name) }, 'nominee_name', /at most 80/],
      ['nominee name not text', { nominee_name: 42 }, 'nominee_name', /must be text/],
      ['bad nominee email', { nominee_email: 'dana@' }, 'nominee_email', /valid email/],
      ['reason too long', { reason: long(NOMINATION_LIMITS.reason) }, 'reason', /at most 280/],
      ['nominator name too long', { nominator_name: long(NOMINATION_LIMITS.name) }, 'nominator_name', /at most 80/],
      ['bad nominator email', { nominator_email: 'sam at example' }, 'nominator_email', /valid email/],
      ['is_public not a boolean', { is_public: 'yes' }, 'is_public', /true or false/],
      ['unknown field', { colour: 'red' }, 'colour', /Unknown field/],
    ];
    it.each(cases)('%s', async (_name, patch, field, message) => {
      const res = await freshClient(t.app).post('/api/nominations', { award_id: cat.award.id, nominee_name: 'Dana', ...patch });
      expect(res.statusCode).toBe(400);
      const { error } = res.json() as { error: { code: string; message: string; field?: string } };
      expect(error.field).toBe(field);
      expect(error.message).toMatch(message);
    });

    it('an unknown or inactive award, or an unknown template, is a 400 on that field', async () => {
      const c = freshClient(t.app);
      const unknown = await c.post('/api/nominations', { award_id: '00000000-0000-4000-8000-000000000000', nominee_name: 'Dana' });
      expect(outcomeOf(unknown)).toBe('400 VALIDATION_ERROR');
      expect(unknown.json().error).toMatchObject({ field: 'award_id', message: expect.stringMatching(/not available/) });
      if (cat.inactiveAward) {
        const inactive = await c.post('/api/nominations', { award_id: cat.inactiveAward.id, nominee_name: 'Dana' });
        expect(inactive.json().error.field).toBe('award_id');
      }
      const template = await c.post('/api/nominations', {
        award_id: cat.award.id,
        template_id: '00000000-0000-4000-8000-000000000000',
        nominee_name: 'Dana',
      });
      expect(template.json().error).toMatchObject({ field: 'template_id' });
    });

    it('accepts exactly the limits, and empty optional emails', async () => {
      const res = await freshClient(t.app).post('/api/nominations', {
        award_id: cat.award.id,
        nominee_name: 'n'.repeat(NOMINATION_LIMITS.name),
        reason: 'r'.repeat(NOMINATION_LIMITS.reason),
        nominator_name: 'm'.repeat(NOMINATION_LIMITS.name),
        nominee_email: '',
        nominator_email: '',
      });
      expect(res.statusCode).toBe(201);
    });
  });

  it('keeps names on one line and drops invisible and direction-changing characters', async () => {
    const { certificate } = await nominate(freshClient(t.app), {
      award_id: cat.award.id,
      nominee_name: 'Dana\n\tWhit\u202Efield\u200B',
      reason: 'Line one\r\nline two',
    });
    expect(certificate.nominee_name).toBe('Dana Whitfield');
    expect(certificate.reason).toBe('Line one line two');
  });

  it('refuses a filled honeypot with a generic 400 that does not mention it, and stores nothing', async () => {
    const before = (await t.database.db.select().from(nominations)).length;
    const res = await freshClient(t.app).post('/api/nominations', {
      award_id: cat.award.id,
      nominee_name: 'Bot Target',
      website: 'https://spam.example',
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as { error: { code: string; message: string; field?: string } };
    expect(error.field).toBeUndefined();
    expect(error.message).toBe('We could not accept this nomination. Please reload the page and try again.');
    expect(error.message.toLowerCase()).not.toMatch(/website|honeypot|spam|bot/);
    expect((await t.database.db.select().from(nominations)).length).toBe(before);
    // An empty honeypot is what people send.
    expect((await freshClient(t.app).post('/api/nominations', { award_id: cat.award.id, nominee_name: 'Dana', website: '' })).statusCode).toBe(201);
  });

  it(`limits nominations per IP: the ${NOMINATION_RATE_LIMIT.max + 1}th in the window gets 429 RATE_LIMITED; another IP is fine`, async () => {
    const client = freshClient(t.app);
    for (let i = 0; i < NOMINATION_RATE_LIMIT.max; i++) {
      const res = await client.post('/api/nominations', { award_id: cat.award.id, nominee_name: `Person ${i}` });
      expect(res.statusCode, `nomination ${i + 1}`).toBe(201);
    }
    const refused = await client.post('/api/nominations', { award_id: cat.award.id, nominee_name: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/try again/i) });
    expect((await freshClient(t.app).post('/api/nominations', { award_id: cat.award.id, nominee_name: 'Other IP' })).statusCode).toBe(201);
  });
});

describe('the claim mail', () => {
  it('goes to the nominee (outbox + log without SMTP): friendly, with the claim link, plain text and HTML, no tracking', async () => {
    const nominee = uniqueEmail('nominee');
    const res = await nominate(freshClient(t.app), {
      award_id: cat.award.id,
      nominee_name: 'Dana Whitfield',
      nominee_email: nominee.toUpperCase(),
      nominator_name: 'Sam <b>from</b> Accounts',
      reason: 'For heroic reply-all <script>alert(1)</script>',
      is_public: true,
    });
    expect(res.claim_mail_sent).toBe(true);
    const mail = await waitForMailTo(t.database.db, nominee, 'nomination_claim', { delivered: true });
    expect(mail).toMatchObject({ kind: 'nomination_claim', transport: 'log', status: 'logged' });
    expect(mail.subject).toBe(`Sam <b>from</b> Accounts has nominated you for ${cat.award.title}`);
    expect(mail.text).toContain('Hello Dana Whitfield,');
    expect(mail.text).toContain('For heroic reply-all <script>alert(1)</script>');
    expect(mail.text).toMatch(/declin/i);
    const claimUrl = `https://certifiable.test${res.claim_url}`;
    expect(firstLink(mail.text)).toBe(claimUrl);
    // HTML: escaped, the same link, nothing fetched from elsewhere.
    expect(mail.html).toContain(`href="${claimUrl}"`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toMatch(/<img|src=/i);
    expect([...mail.html!.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([claimUrl]);
  });

  it('says when the certificate is private', async () => {
    const nominee = uniqueEmail('private');
    await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_email: nominee, is_public: false });
    expect((await lastMailTo(t.database.db, nominee))!.text).toMatch(/only people with the link/);
  });

  it('sends the nominator a receipt without the claim link, when they gave an address', async () => {
    const nominator = uniqueEmail('nominator');
    const nominee = uniqueEmail('nominee');
    const res = await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_email: nominee, nominator_email: nominator });
    const receipt = (await lastMailTo(t.database.db, nominator))!;
    expect(receipt.kind).toBe('nomination_receipt');
    expect(receipt.text).toContain(res.certificate.urls.page);
    expect(receipt.text).not.toContain(tokenOf(res.claim_url));
    expect(receipt.text).toContain('We have sent Dana Whitfield a link');
  });

  it('sends at most a few nomination mails to one address a day; the nomination still succeeds', async () => {
    const nominee = uniqueEmail('popular');
    const results: boolean[] = [];
    for (let i = 0; i < 7; i++) {
      results.push((await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_email: nominee })).claim_mail_sent);
    }
    expect(results).toEqual([true, true, true, true, true, false, false]);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, nominee))).toHaveLength(5);
  });
});
