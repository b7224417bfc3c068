import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, CommunityPage, MyNominations } from '@/contract/nominations';
import { claimTokens, nominations, reactions } from '@/server/db/schema/index';
import { firstLink, lastMailTo, outcomeOf, signedInClient, TestClient, uniqueEmail } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { catalogue, freshClient, nominate, tokenOf } from '../nominations/test-support';

let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogue(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const onWall = async (shareId: string) =>
  ((await new TestClient(t.app).get('/api/community?limit=48')).json() as CommunityPage).items.some((c) => c.share_id === shareId);

describe('claim links', () => {
  it('create → GET → accept → a second accept is 410 CLAIM_USED; the link keeps showing the accepted certificate', async () => {
    const { certificate, claim_url } = await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_name: 'Dana' });
    const token = tokenOf(claim_url);
    const nominee = new TestClient(t.app);

    const claim = await nominee.get(`/api/claims/${token}`);
    expect(claim.statusCode).toBe(200);
    expect(claim.headers['cache-control']).toBe('no-store');
    expect(claim.json()).toMatchObject({ status: 'pending', certificate: { share_id: certificate.share_id, nominee_name: 'Dana' } });

    const accepted = await nominee.post(`/api/claims/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ linked_to_account: false, certificate: { status: 'claimed' } });

    const again = await nominee.post(`/api/claims/${token}/accept`);
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toMatchObject({ code: 'CLAIM_USED', message: 'You have already accepted this award. It is yours.' });

    const after = await nominee.get(`/api/claims/${token}`);
    expect(after.statusCode).toBe(200);
    expect((after.json() as Claim).status).toBe('claimed');
  });

  it('an unknown token, or one cut short by a mail program, is 404 CLAIM_NOT_FOUND with a clear message', async () => {
    const unknown = await new TestClient(t.app).get(`/api/claims/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('CLAIM_NOT_FOUND');
    expect(unknown.json().error.message).toMatch(/could not find this claim link/);
    for (const method of ['POST'] as const) {
      expect(outcomeOf(await new TestClient(t.app).request({ method, url: `/api/claims/${'A'.repeat(43)}/accept` }))).toBe('404 CLAIM_NOT_FOUND');
      expect(outcomeOf(await new TestClient(t.app).request({ method, url: `/api/claims/${'A'.repeat(43)}/decline` }))).toBe('404 CLAIM_NOT_FOUND');
    }
    const { claim_url } = await nominate(freshClient(t.app), { award_id: cat.award.id });
    const truncated = await new TestClient(t.app).get(`/api/claims/${tokenOf(claim_url).slice(0, 30)}`);
    expect(truncated.statusCode).toBe(404);
    expect(truncated.json().error.code).toBe('CLAIM_NOT_FOUND');
  });

  it('accepting while signed in links the certificate to the account ("received")', async () => {
    const { claim_url, certificate } = await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_name: 'Signed Nominee' });
    const { client, user } = await signedInClient(t.app);
    const res = await client.post(`/api/claims/${tokenOf(claim_url)}/accept`);
    expect(res.json().linked_to_account).toBe(true);
    const [row] = await t.database.db.select().from(nominations).where(eq(nominations.shareId, certificate.share_id));
    expect(row).toMatchObject({ claimedByUserId: user.id, status: 'claimed' });
    expect(row!.claimedAt).toBeInstanceOf(Date);
    const mine = (await client.get('/api/account/nominations')).json() as MyNominations;
    expect(mine.received.map((c) => c.share_id)).toEqual([certificate.share_id]);
  });

  it('declining is final and removes the certificate from public view at once: page, wall, files, reactions, email', async () => {
    const nomineeEmail = uniqueEmail('decliner');
    const { certificate, claim_url } = await nominate(freshClient(t.app), {
      award_id: cat.award.id,
      nominee_name: 'Private Person',
      nominee_email: nomineeEmail,
    });
    const token = tokenOf(claim_url);
    const share = certificate.share_id;
    const visitor = freshClient(t.app);
    expect((await visitor.post(`/api/certificates/${share}/reaction`, { kind: 'laugh' })).statusCode).toBe(200);
    // Pending: unlisted until the nominee says yes (docs/decisions/036), but its page and files work.
    expect(await onWall(share)).toBe(false);
    expect((await visitor.get(`/api/certificates/${share}/certificate.svg`)).statusCode).toBe(200);

    const declined = await new TestClient(t.app).post(`/api/claims/${token}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ status: 'declined' });

    expect(await onWall(share)).toBe(false);
    const page = await visitor.get(`/api/certificates/${share}`);
    expect(page.statusCode).toBe(410);
    expect(page.json().error).toMatchObject({ code: 'CERTIFICATE_WITHDRAWN', message: 'This certificate is no longer available.' });
    for (const file of ['certificate.svg', 'share.png', 'print.png', 'certificate.pdf']) {
      const res = await visitor.get(`/api/certificates/${share}/${file}`);
      expect(outcomeOf(res), file).toBe('410 CERTIFICATE_WITHDRAWN');
      expect(res.headers['content-type'], file).toContain('application/json');
    }
    expect(outcomeOf(await visitor.post(`/api/certificates/${share}/reaction`, { kind: 'salute' }))).toBe('410 CERTIFICATE_WITHDRAWN');
    const html = await t.app.inject({ method: 'GET', url: `/certificate/${share}` });
    expect(html.body).not.toContain('Private Person');
    expect(html.body).toContain('content="noindex, nofollow"');

    const [row] = await t.database.db.select().from(nominations).where(eq(nominations.shareId, share));
    expect(row).toMatchObject({ status: 'declined', nomineeEmail: null, reactionCount: 0, claimedByUserId: null });
    expect(await t.database.db.select().from(reactions).where(eq(reactions.nominationId, row!.id))).toEqual([]);

    // Final: nothing more can be done with the link.
    for (const path of ['', '/accept', '/decline']) {
      const res = path ? await new TestClient(t.app).post(`/api/claims/${token}${path}`) : await new TestClient(t.app).get(`/api/claims/${token}`);
      expect(res.statusCode, path || 'GET').toBe(410);
      expect(res.json().error.code).toBe('CLAIM_USED');
    }
    expect((await new TestClient(t.app).get(`/api/claims/${token}`)).json().error.message).toMatch(/declined/);
  });

  it('a nominee who accepted can still change their mind and decline with the same link', async () => {
    const { certificate, claim_url } = await nominate(freshClient(t.app), { award_id: cat.award.id });
    const token = tokenOf(claim_url);
    const nominee = new TestClient(t.app);
    await nominee.post(`/api/claims/${token}/accept`);
    expect(await onWall(certificate.share_id)).toBe(true);
    expect((await nominee.post(`/api/claims/${token}/decline`)).statusCode).toBe(200);
    expect(await onWall(certificate.share_id)).toBe(false);
  });

  it('a signed-in nominee needs the CSRF header to accept (the session cookie is ambient authority)', async () => {
    const { claim_url } = await nominate(freshClient(t.app), { award_id: cat.award.id });
    const { client } = await signedInClient(t.app);
    client.csrf = false;
    expect(outcomeOf(await client.post(`/api/claims/${tokenOf(claim_url)}/accept`))).toBe('403 CSRF_FAILED');
  });

  it('the claim mail link opens the claim', async () => {
    const nomineeEmail = uniqueEmail('mailed');
    await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_email: nomineeEmail });
    const link = new URL(firstLink((await lastMailTo(t.database.db, nomineeEmail))!.text));
    const token = link.pathname.split('/claim/')[1]!;
    expect((await new TestClient(t.app).get(`/api/claims/${token}`)).statusCode).toBe(200);
  });
});

describe('a fresh claim link from /account (POST /api/account/nominations/:share_id/claim-link)', () => {
  it('only the nominator gets one, while pending; the old link stops working and the nominee is mailed the new one', async () => {
    const { client } = await signedInClient(t.app);
    const nomineeEmail = uniqueEmail('relinked');
    const { certificate, claim_url } = await nominate(client, { award_id: cat.award.id, nominee_email: nomineeEmail });

    const res = await client.post(`/api/account/nominations/${certificate.share_id}/claim-link`);
    expect(res.statusCode).toBe(200);
    const fresh = res.json() as { claim_url: string; claim_mail_sent: boolean };
    expect(fresh.claim_url).not.toBe(claim_url);
    expect(fresh.claim_mail_sent).toBe(true);
    const mail = (await lastMailTo(t.database.db, nomineeEmail))!;
    expect(firstLink(mail.text)).toBe(`https://certifiable.test${fresh.claim_url}`);
    expect(mail.text).toMatch(/fresh link/);

    const old = await new TestClient(t.app).get(`/api/claims/${tokenOf(claim_url)}`);
    expect(outcomeOf(old)).toBe('404 CLAIM_NOT_FOUND');
    expect(old.json().error.message).toMatch(/replaced by a newer link/);
    expect((await new TestClient(t.app).get(`/api/claims/${tokenOf(fresh.claim_url)}`)).statusCode).toBe(200);

    // Someone else, signed in or not, cannot.
    const { client: other } = await signedInClient(t.app);
    expect(outcomeOf(await other.post(`/api/account/nominations/${certificate.share_id}/claim-link`))).toBe('404 NOMINATION_NOT_FOUND');
    expect(outcomeOf(await new TestClient(t.app).post(`/api/account/nominations/${certificate.share_id}/claim-link`))).toBe('401 UNAUTHORIZED');

    // Once answered, no new links.
    await new TestClient(t.app).post(`/api/claims/${tokenOf(fresh.claim_url)}/accept`);
    const answered = await client.post(`/api/account/nominations/${certificate.share_id}/claim-link`);
    expect(answered.statusCode).toBe(409);
    expect(answered.json().error.code).toBe('NOT_PENDING');
    const tokens = await t.database.db
      .select()
      .from(claimTokens)
      .innerJoin(nominations, eq(nominations.id, claimTokens.nominationId))
      .where(eq(nominations.shareId, certificate.share_id));
    expect(tokens.filter((r) => r.claim_tokens.revokedAt === null)).toHaveLength(1);
  });
});
