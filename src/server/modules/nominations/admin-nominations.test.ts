import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminNomination, CommunityPage } from '@/contract/nominations';
import { auditLog, claimTokens, nominations, reactions } from '@/server/db/schema/index';
import { firstLink, lastMailTo, outcomeOf, signedInClient, TestClient, uniqueEmail } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { catalogue, freshClient, nominate, tokenOf } from './test-support';

let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogue>>;
let admin: TestClient;
let adminId: string;
let member: TestClient;

interface AdminList {
  nominations: AdminNomination[];
  total: number;
  page: number;
  page_size: number;
}

beforeAll(async () => {
  t = await createTestApp();
  cat = await catalogue(t.database.db);
  ({ client: admin, user: { id: adminId } } = await signedInClient(t.app, { admin: true }));
  ({ client: member } = await signedInClient(t.app));
});
afterAll(async () => {
  await t.close();
});

const list = async (query = '') => {
  const res = await admin.get(`/api/admin/nominations${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminList;
};
const auditFor = (id: string) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.createdAt);
const onWall = async (shareId: string) =>
  ((await new TestClient(t.app).get('/api/community?limit=48')).json() as CommunityPage).items.some((c) => c.share_id === shareId);
const idOf = async (shareId: string) =>
  (await t.database.db.select({ id: nominations.id }).from(nominations).where(eq(nominations.shareId, shareId)))[0]!.id;

describe('GET /api/admin/nominations', () => {
  it('lists newest first with emails, accounts and moderation state', async () => {
    const nominee = uniqueEmail('listed');
    const { certificate } = await nominate(freshClient(t.app), {
      award_id: cat.award.id,
      nominee_name: 'Listed Nominee',
      nominee_email: nominee,
      nominator_name: 'Listed Nominator',
      nominator_email: 'nominator@example.test',
    });
    const body = await list();
    expect(body).toMatchObject({ page: 1, page_size: 25 });
    expect(body.nominations[0]).toMatchObject({
      share_id: certificate.share_id,
      nominee_email: nominee,
      nominator_email: 'nominator@example.test',
      nominator_user_id: null,
      claimed_by_user_id: null,
      hidden: false,
      hidden_reason: null,
      claimed_at: null,
      declined_at: null,
      status: 'pending',
    });
    expect(body.nominations[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('searches nominee and nominator names and emails and the certificate number, case-insensitively', async () => {
    const { certificate } = await nominate(freshClient(t.app), {
      award_id: cat.award.id,
      nominee_name: 'Walter Skinner',
      nominee_email: 'assistant.director@fbi.example',
      nominator_name: 'Fox Mulder',
      nominator_email: 'spooky@fbi.example',
    });
    for (const term of ['SKINNER', 'assistant.director', 'mulder', 'spooky@', certificate.certificate_number.toLowerCase(), certificate.share_id]) {
      expect((await list(`?search=${encodeURIComponent(term)}`)).nominations.map((n) => n.share_id), term).toEqual([certificate.share_id]);
    }
    expect((await list('?search=%25')).nominations).toEqual([]);
  });

  it('filters by status (hidden included), award, visibility and dates, and pages', async () => {
    const other = cat.awards.find((a) => a.id !== cat.award.id)!;
    const priv = await nominate(freshClient(t.app), { award_id: other.id, is_public: false, nominee_name: 'Filter Private' });
    const claimed = await nominate(freshClient(t.app), { award_id: other.id, nominee_name: 'Filter Claimed' });
    await new TestClient(t.app).post(`/api/claims/${tokenOf(claimed.claim_url)}/accept`);
    const declined = await nominate(freshClient(t.app), { award_id: other.id, nominee_name: 'Filter Declined' });
    await new TestClient(t.app).post(`/api/claims/${tokenOf(declined.claim_url)}/decline`);
    const hidden = await nominate(freshClient(t.app), { award_id: other.id, nominee_name: 'Filter Hidden' });
    await admin.post(`/api/admin/nominations/${await idOf(hidden.certificate.share_id)}/hide`, { reason: 'Test' });

    const names = (l: AdminList) => l.nominations.map((n) => n.nominee_name).sort();
    const q = `&award_id=${other.id}`;
    expect(names(await list(`?status=claimed${q}`))).toEqual(['Filter Claimed']);
    expect(names(await list(`?status=declined${q}`))).toEqual(['Filter Declined']);
    expect(names(await list(`?status=hidden${q}`))).toEqual(['Filter Hidden']);
    expect(names(await list(`?status=pending${q}`))).toEqual(['Filter Private']);
    expect(names(await list(`?visibility=private${q}`))).toEqual(['Filter Private']);
    expect(names(await list(`?visibility=public${q}`))).toEqual(['Filter Claimed', 'Filter Declined', 'Filter Hidden']);
    expect((await list(`?award_id=${other.id}`)).total).toBe(4);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}${q}`)).total).toBe(4);
    expect((await list(`?from=2000-01-01&to=2000-12-31${q}`)).total).toBe(0);
    expect((await list(`?to=2000-01-01`)).total).toBe(0);

    const p1 = await list(`?page_size=2&page=1${q}`);
    const p2 = await list(`?page_size=2&page=2${q}`);
    expect(p1.nominations).toHaveLength(2);
    expect(p2.nominations).toHaveLength(2);
    expect(new Set([...p1.nominations, ...p2.nominations].map((n) => n.id)).size).toBe(4);
    void priv;
  });

  it('rejects bad filters with a 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['?status=lost', 'status'],
      ['?visibility=secret', 'visibility'],
      ['?from=yesterday', 'from'],
      ['?award_id=1', 'award_id'],
      ['?page_size=500', 'page_size'],
    ] as const) {
      const res = await admin.get(`/api/admin/nominations${query}`);
      expect(outcomeOf(res), query).toBe('400 VALIDATION_ERROR');
      expect(res.json().error.field, query).toBe(field);
    }
  });
});

describe('moderation', () => {
  it('hide takes it out of public view with a reason; unhide brings it back; both audited', async () => {
    const { certificate, claim_url } = await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_name: 'Moderated' });
    await new TestClient(t.app).post(`/api/claims/${tokenOf(claim_url)}/accept`);
    const id = await idOf(certificate.share_id);
    expect(await onWall(certificate.share_id)).toBe(true);

    expect((await admin.post(`/api/admin/nominations/${id}/hide`, {})).json().error.field).toBe('reason');
    const hidden = await admin.post(`/api/admin/nominations/${id}/hide`, { reason: '  Unkind to the nominee  ' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true, hidden_reason: 'Unkind to the nominee' });
    expect(await onWall(certificate.share_id)).toBe(false);
    expect(outcomeOf(await new TestClient(t.app).get(`/api/certificates/${certificate.share_id}`))).toBe('410 CERTIFICATE_WITHDRAWN');
    expect(outcomeOf(await new TestClient(t.app).get(`/api/certificates/${certificate.share_id}/share.png`))).toBe('410 CERTIFICATE_WITHDRAWN');
    const page = await t.app.inject({ method: 'GET', url: `/certificate/${certificate.share_id}` });
    expect(page.body).not.toContain('Moderated');

    const shown = await admin.post(`/api/admin/nominations/${id}/unhide`);
    expect(shown.json()).toMatchObject({ hidden: false, hidden_reason: null });
    expect(await onWall(certificate.share_id)).toBe(true);

    const rows = await auditFor(id);
    expect(rows.map((r) => r.action)).toEqual(['nomination.hidden', 'nomination.unhidden']);
    expect(rows[0]).toMatchObject({
      actorUserId: adminId,
      entityType: 'nomination',
      before: { hidden: false, hidden_reason: null },
      after: { hidden: true, hidden_reason: 'Unkind to the nominee' },
      ip: '203.0.113.7',
    });
  });

  it('a hidden certificate cannot be claimed until it is shown again', async () => {
    const { certificate, claim_url } = await nominate(freshClient(t.app), { award_id: cat.award.id });
    const id = await idOf(certificate.share_id);
    await admin.post(`/api/admin/nominations/${id}/hide`, { reason: 'Checking' });
    const res = await new TestClient(t.app).get(`/api/claims/${tokenOf(claim_url)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'CLAIM_NOT_FOUND', message: expect.stringMatching(/withdrawn by our moderators/) });
    await admin.post(`/api/admin/nominations/${id}/unhide`);
    expect((await new TestClient(t.app).get(`/api/claims/${tokenOf(claim_url)}`)).statusCode).toBe(200);
  });

  it('delete removes it with its claim links and reactions, audited without personal text', async () => {
    const { certificate, claim_url } = await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_name: 'Deleted Person' });
    const id = await idOf(certificate.share_id);
    await freshClient(t.app).post(`/api/certificates/${certificate.share_id}/reaction`, { kind: 'laugh' });
    const res = await admin.delete(`/api/admin/nominations/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(outcomeOf(await admin.get(`/api/admin/nominations/${id}`))).toBe('404 NOT_FOUND');
    expect(outcomeOf(await new TestClient(t.app).get(`/api/certificates/${certificate.share_id}`))).toBe('404 CERTIFICATE_NOT_FOUND');
    expect(outcomeOf(await new TestClient(t.app).get(`/api/claims/${tokenOf(claim_url)}`))).toBe('404 CLAIM_NOT_FOUND');
    expect(await t.database.db.select().from(claimTokens).where(eq(claimTokens.nominationId, id))).toEqual([]);
    expect(await t.database.db.select().from(reactions).where(eq(reactions.nominationId, id))).toEqual([]);
    const [row] = await auditFor(id);
    expect(row).toMatchObject({ action: 'nomination.deleted', actorUserId: adminId, after: null });
    expect(row!.before).toMatchObject({ certificate_number: certificate.certificate_number, status: 'pending' });
    expect(JSON.stringify(row)).not.toContain('Deleted Person');
  });

  it('resend mails a new claim link and revokes the old one (audited); refused when not possible', async () => {
    const nominee = uniqueEmail('resend');
    const { certificate, claim_url } = await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_email: nominee });
    const id = await idOf(certificate.share_id);
    const res = await admin.post(`/api/admin/nominations/${id}/resend-claim`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ claim_mail_sent: true, nomination: { id, status: 'pending' } });
    expect(JSON.stringify(res.json())).not.toMatch(/\/claim\//);
    const mail = (await lastMailTo(t.database.db, nominee))!;
    const fresh = firstLink(mail.text);
    expect(fresh).not.toBe(claim_url);
    expect(outcomeOf(await new TestClient(t.app).get(`/api/claims/${tokenOf(claim_url)}`))).toBe('404 CLAIM_NOT_FOUND');
    expect((await new TestClient(t.app).get(`/api/claims/${tokenOf(fresh)}`)).statusCode).toBe(200);
    expect((await auditFor(id)).map((r) => r.action)).toEqual(['nomination.claim_mail_resent']);

    const noEmail = await nominate(freshClient(t.app), { award_id: cat.award.id });
    const r1 = await admin.post(`/api/admin/nominations/${await idOf(noEmail.certificate.share_id)}/resend-claim`);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().error.code).toBe('NO_NOMINEE_EMAIL');
    await new TestClient(t.app).post(`/api/claims/${tokenOf(fresh)}/accept`);
    const r2 = await admin.post(`/api/admin/nominations/${id}/resend-claim`);
    expect(r2.statusCode).toBe(409);
    expect(r2.json().error.code).toBe('NOT_PENDING');
  });

  it('404 for unknown ids on every action, 400 for malformed ones', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(outcomeOf(await admin.get(`/api/admin/nominations/${unknown}`))).toBe('404 NOT_FOUND');
    expect(outcomeOf(await admin.post(`/api/admin/nominations/${unknown}/hide`, { reason: 'x' }))).toBe('404 NOT_FOUND');
    expect(outcomeOf(await admin.post(`/api/admin/nominations/${unknown}/unhide`))).toBe('404 NOT_FOUND');
    expect(outcomeOf(await admin.post(`/api/admin/nominations/${unknown}/resend-claim`))).toBe('404 NOT_FOUND');
    expect(outcomeOf(await admin.delete(`/api/admin/nominations/${unknown}`))).toBe('404 NOT_FOUND');
    expect(outcomeOf(await admin.get('/api/admin/nominations/42'))).toBe('400 VALIDATION_ERROR');
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, unknown))).toEqual([]);
  });

  it('non-admins get 403 and signed-out callers 401, and nothing changes', async () => {
    const { certificate } = await nominate(freshClient(t.app), { award_id: cat.award.id });
    const id = await idOf(certificate.share_id);
    for (const [method, url, payload] of [
      ['GET', '/api/admin/nominations', undefined],
      ['GET', `/api/admin/nominations/${id}`, undefined],
      ['POST', `/api/admin/nominations/${id}/hide`, { reason: 'x' }],
      ['POST', `/api/admin/nominations/${id}/unhide`, undefined],
      ['POST', `/api/admin/nominations/${id}/resend-claim`, undefined],
      ['DELETE', `/api/admin/nominations/${id}`, undefined],
    ] as const) {
      expect(outcomeOf(await member.request({ method, url, ...(payload ? { payload } : {}) })), `${method} ${url}`).toBe('403 FORBIDDEN');
      expect(outcomeOf(await new TestClient(t.app).request({ method, url, ...(payload ? { payload } : {}) })), `${method} ${url}`).toBe('401 UNAUTHORIZED');
    }
    const [row] = await t.database.db.select().from(nominations).where(eq(nominations.id, id));
    expect(row!.hidden).toBe(false);
    expect(await auditFor(id)).toEqual([]);
  });
});
