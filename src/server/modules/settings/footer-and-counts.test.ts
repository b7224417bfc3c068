import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entry from '@/web/entry-server';
import { signedInClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { catalogue, freshClient, nominate, tokenOf } from '../nominations/test-support';
import { rootOf } from '../seo/test-support';

/** Sentences the server-rendered pages build around values (decision 118): their punctuation and their counts. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ssr: entry });
});
afterAll(async () => {
  await t.close();
});

const footerOf = async (url: string) => {
  const root = rootOf((await t.app.inject({ method: 'GET', url })).body).replace(/<!-- -->/g, '');
  return /<footer[\s\S]*<\/footer>/.exec(root)![0].replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
};

describe('the footer sentence', () => {
  it('ends the parent company’s name with one full stop, whether or not the name has its own', async () => {
    expect(await footerOf('/')).toContain('Certifiable is a subsidiary of Dubious Enterprises Ltd. All certificates are novelty items');
    const admin = await signedInClient(t.app, { admin: true });
    const renamed = await admin.client.put('/api/admin/settings/brand', { brand_name: 'Certifiable', company_name: 'Walk Holdings plc' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await footerOf('/')).toContain('Certifiable is a subsidiary of Walk Holdings plc. All certificates are novelty items');
    // The privacy policy's "a subsidiary of {company}." follows the same rule.
    await admin.client.put('/api/admin/settings/brand', { brand_name: 'Certifiable', company_name: 'Walk Holdings Ltd.' });
    const privacy = rootOf((await t.app.inject({ method: 'GET', url: '/privacy-policy' })).body);
    expect(privacy).toContain('a subsidiary of Walk Holdings Ltd. We are');
    expect(privacy).not.toContain('Ltd..');
  });
});

describe('counts shown to people', () => {
  it('the community wall says “1 certificate shown.”, not “1 certificates”', async () => {
    const { award } = await catalogue(t.database.db);
    const { claim_url } = await nominate(freshClient(t.app), { award_id: award.id, nominee_name: 'Una Single', is_public: true });
    expect((await freshClient(t.app).post(`/api/claims/${tokenOf(claim_url)}/accept`)).statusCode).toBe(200);
    const wall = rootOf((await t.app.inject({ method: 'GET', url: '/community' })).body).replace(/<!-- -->/g, '');
    expect(wall).toContain('Una Single');
    expect(wall).toContain('1 certificate shown.');
  });
});
