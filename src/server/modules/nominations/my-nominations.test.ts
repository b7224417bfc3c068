import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyNominations } from '@/contract/nominations';
import { outcomeOf, signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
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

describe('GET /api/account/nominations', () => {
  it('lists what I made (any status, newest first, with the nominee email) and what I received', async () => {
    const { client: me } = await signedInClient(t.app);
    const { client: friend } = await signedInClient(t.app);
    const a = await nominate(me, { award_id: cat.award.id, nominee_name: 'First', nominee_email: 'first@example.test' });
    const b = await nominate(me, { award_id: cat.award.id, nominee_name: 'Second', is_public: false });
    await new TestClient(t.app).post(`/api/claims/${tokenOf(b.claim_url)}/decline`);
    // Someone nominates me; I accept while signed in.
    const forMe = await nominate(friend, { award_id: cat.award.id, nominee_name: 'Me' });
    await me.post(`/api/claims/${tokenOf(forMe.claim_url)}/accept`);
    // Accepted without signing in: not on anyone's account.
    const anon = await nominate(freshClient(t.app), { award_id: cat.award.id });
    await new TestClient(t.app).post(`/api/claims/${tokenOf(anon.claim_url)}/accept`);

    const res = await me.get('/api/account/nominations');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as MyNominations;
    expect(body.made.map((c) => [c.nominee_name, c.status, c.nominee_email, c.hidden])).toEqual([
      ['Second', 'declined', null, false],
      ['First', 'pending', 'first@example.test', false],
    ]);
    expect(body.made[1]!.share_id).toBe(a.certificate.share_id);
    expect(body.received.map((c) => c.share_id)).toEqual([forMe.certificate.share_id]);
    expect(body.received[0]!.status).toBe('claimed');

    const theirs = (await friend.get('/api/account/nominations')).json() as MyNominations;
    expect(theirs.made.map((c) => c.status)).toEqual(['claimed']);
    expect(theirs.received).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await new TestClient(t.app).get('/api/account/nominations');
    expect(outcomeOf(res)).toBe('401 UNAUTHORIZED');
  });
});

describe('what other modules use (integration.ts)', () => {
  it('printableNomination refuses declined and hidden certificates', async () => {
    const { printableNomination } = await import('./integration');
    const { nominations } = await import('@/server/db/schema/index');
    const { eq } = await import('drizzle-orm');
    const ok = await nominate(freshClient(t.app), { award_id: cat.award.id });
    const declined = await nominate(freshClient(t.app), { award_id: cat.award.id });
    await new TestClient(t.app).post(`/api/claims/${tokenOf(declined.claim_url)}/decline`);
    const hidden = await nominate(freshClient(t.app), { award_id: cat.award.id });
    await t.database.db.update(nominations).set({ hidden: true }).where(eq(nominations.shareId, hidden.certificate.share_id));
    expect((await printableNomination(t.database.db, ok.certificate.share_id))?.nomination.shareId).toBe(ok.certificate.share_id);
    expect(await printableNomination(t.database.db, declined.certificate.share_id)).toBeNull();
    expect(await printableNomination(t.database.db, hidden.certificate.share_id)).toBeNull();
    expect(await printableNomination(t.database.db, 'AAAAAAAAAAAAAAAA')).toBeNull();
  });

  it('exportNominationsOf and forgetUserInNominations cover what an account made and received', async () => {
    const { exportNominationsOf, forgetUserInNominations } = await import('./integration');
    const { client: me, user } = await signedInClient(t.app);
    await nominate(me, { award_id: cat.award.id, nominee_name: 'Exported', nominator_email: user.email });
    const forMe = await nominate(freshClient(t.app), { award_id: cat.award.id, nominee_name: 'Me Too', nominee_email: 'x@example.test' });
    await me.post(`/api/claims/${tokenOf(forMe.claim_url)}/accept`);
    const exported = await exportNominationsOf(t.database.db, user.id);
    expect(exported.map((e) => [e.role, e.nominee_name])).toEqual([
      ['nominee', 'Me Too'],
      ['nominator', 'Exported'],
    ]);
    await forgetUserInNominations(t.database.db, user.id);
    expect((await exportNominationsOf(t.database.db, user.id)).find((e) => e.role === 'nominator')!.nominator_email).toBeNull();
  });
});
