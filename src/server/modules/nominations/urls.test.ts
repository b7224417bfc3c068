import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certificate } from '@/contract/nominations';
import { firstLink, lastMailTo, signedInClient, TestClient, uniqueEmail } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { catalogue, freshClient, nominate, tokenOf } from './test-support';
import * as entry from '@/web/entry-server';

/**
 * docs/decisions/037: pages and API answers carry same-origin paths, so certificate images load on
 * any host name the site is reached by (127.0.0.1 and localhost, www and the apex); only what leaves
 * the site (mails, og:image, the sitemap, the QR code) is absolute on PUBLIC_URL.
 */

const ORIGIN = 'https://certifiable.test';
let t: TestApp;
let cat: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  // The served page's head comes with its server render (the route module's, docs/decisions/126).
  t = await createTestApp({ ssr: entry });
  cat = await catalogue(t.database.db);
});
afterAll(async () => {
  await t.close();
});

function expectPaths(c: Pick<Certificate, 'share_id' | 'urls'>) {
  expect(c.urls).toEqual({
    page: `/certificate/${c.share_id}`,
    svg: `/api/certificates/${c.share_id}/certificate.svg`,
    share_png: `/api/certificates/${c.share_id}/share.png`,
    print_png: `/api/certificates/${c.share_id}/print.png`,
    pdf: `/api/certificates/${c.share_id}/certificate.pdf`,
  });
}

/** No answer body names the configured origin: a page opened on another host name would be blocked by our CSP. */
const expectNoOrigin = (body: string) => expect(body).not.toContain(ORIGIN);

describe('certificate and claim URLs', () => {
  it('are same-origin paths in every API answer, whatever Host the request came with', async () => {
    const { client, user } = await signedInClient(t.app);
    const nomineeEmail = uniqueEmail('paths');
    const created = await client.request({
      method: 'POST',
      url: '/api/nominations',
      payload: { award_id: cat.award.id, nominee_name: 'Path Person', nominee_email: nomineeEmail, nominator_email: user.email },
      headers: { host: '127.0.0.1:3000' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expectNoOrigin(created.body);
    const { certificate, claim_url } = created.json() as { certificate: Certificate; claim_url: string };
    expectPaths(certificate);
    expect(claim_url).toMatch(/^\/claim\/[\w-]{43}$/);

    const claim = await new TestClient(t.app).get(`/api/claims/${tokenOf(claim_url)}`);
    expectNoOrigin(claim.body);
    expectPaths(claim.json().certificate);

    const fresh = await client.post(`/api/account/nominations/${certificate.share_id}/claim-link`);
    expectNoOrigin(fresh.body);
    expect(fresh.json().claim_url).toMatch(/^\/claim\/[\w-]{43}$/);

    const mine = await client.get('/api/account/nominations');
    expectNoOrigin(mine.body);
    expectPaths(mine.json().made[0]);

    const { client: admin } = await signedInClient(t.app, { admin: true });
    const adminList = await admin.get(`/api/admin/nominations?search=${certificate.certificate_number}`);
    expectNoOrigin(adminList.body);
    expectPaths(adminList.json().nominations[0]);
    const adminOne = await admin.get(`/api/admin/nominations/${adminList.json().nominations[0].id}`);
    expectNoOrigin(adminOne.body);
    const resent = await admin.post(`/api/admin/nominations/${adminList.json().nominations[0].id}/resend-claim`);
    expect(resent.statusCode, resent.body).toBe(200);
    expectNoOrigin(resent.body);

    const newest = (await lastMailTo(t.database.db, nomineeEmail))!;
    const accept = await new TestClient(t.app).post(`/api/claims/${tokenOf(firstLink(newest.text))}/accept`);
    expect(accept.statusCode, accept.body).toBe(200);
    expectNoOrigin(accept.body);
    expectPaths(accept.json().certificate);

    const one = await new TestClient(t.app).get(`/api/certificates/${certificate.share_id}`);
    expectNoOrigin(one.body);
    expectPaths(one.json());
    const wall = await new TestClient(t.app).get('/api/community?limit=48');
    expectNoOrigin(wall.body);
    expectPaths((wall.json().items as Certificate[]).find((c) => c.share_id === certificate.share_id)!);
  });

  it('stay absolute on PUBLIC_URL where they leave the site: mails, link previews and the certificate itself', async () => {
    const nomineeEmail = uniqueEmail('abs-nominee');
    const nominatorEmail = uniqueEmail('abs-nominator');
    const res = await nominate(freshClient(t.app), {
      award_id: cat.award.id,
      nominee_name: 'Absolute Person',
      nominee_email: nomineeEmail,
      nominator_email: nominatorEmail,
    });
    const claimMail = (await lastMailTo(t.database.db, nomineeEmail))!;
    expect(firstLink(claimMail.text)).toBe(`${ORIGIN}${res.claim_url}`);
    expect(claimMail.html).toContain(`href="${ORIGIN}${res.claim_url}"`);
    const receipt = (await lastMailTo(t.database.db, nominatorEmail))!;
    expect(firstLink(receipt.text)).toBe(`${ORIGIN}/certificate/${res.certificate.share_id}`);

    const html = await t.app.inject({ method: 'GET', url: `/certificate/${res.certificate.share_id}`, headers: { host: '127.0.0.1:3000' } });
    expect(html.body).toContain(`<meta property="og:image" content="${ORIGIN}/api/certificates/${res.certificate.share_id}/share.png"`);

    // The QR code's caption names the public host, whichever host the file was fetched through.
    const svg = await new TestClient(t.app).request({ method: 'GET', url: res.certificate.urls.svg, headers: { host: '127.0.0.1:3000' } });
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toContain('certifiable.test');
  });
});
