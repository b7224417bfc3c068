import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '@/server/test/auth-client';
import { PAGE_TABLE } from '@/web/app/page-heads';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { catalogue, freshClient, nominate, tokenOf } from '../nominations/test-support';

/** docs/decisions/038: a page that is not built yet is noindex and out of the sitemap until it is. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const robots = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1];
/** The pages the route table still flags as not built (docs/decisions/038). */
const UNBUILT = PAGE_TABLE.pages
  .filter((p) => p.underConstruction)
  .map((p) => p.path);

describe('pages that are not built yet', () => {
  it('are left out of the sitemap; built public pages are in it', async () => {
    const listed = locs((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    for (const path of ['/', '/gallery', '/nominate', '/community', '/dynamic-templates', '/privacy-policy', '/quiz-landing', '/quiz', '/quiz/gallery']) {
      expect(listed, path).toContain(`https://certifiable.test${path}`);
    }
    // Nothing under construction slips in, whatever is added to the route table later.
    for (const path of UNBUILT) expect(listed.some((l) => new URL(l).pathname === path), path).toBe(false);
  });

  it('are served noindex, nofollow', async () => {
    for (const path of UNBUILT) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(robots(res.body), path).toBe('noindex, nofollow');
    }
    expect(robots((await t.app.inject({ method: 'GET', url: '/gallery' })).body)).toBe('index, follow');
  });

  it('certificates never appear in the sitemap, accepted or not', async () => {
    const { award } = await catalogue(t.database.db);
    const { certificate, claim_url } = await nominate(freshClient(t.app), { award_id: award.id });
    await new TestClient(t.app).post(`/api/claims/${tokenOf(claim_url)}/accept`);
    const xml = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(xml).not.toContain(certificate.share_id);
    expect(xml).not.toContain('/certificate/');
  });
});
