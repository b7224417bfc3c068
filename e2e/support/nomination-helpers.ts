import { expect, type APIRequestContext } from '@playwright/test';
import type { Award } from '../../src/contract/awards';
import type { CreateNominationBody, CreateNominationResult } from '../../src/contract/nominations';
import type { DesignTemplate } from '../../src/contract/templates';
import { waitForMail } from './auth-helpers';

let n = 0;
/** A nominee name no other test (or earlier run) uses, so walls and lists can be searched for it. */
export const uniqueName = (first: string) => `${first} ${Date.now().toString(36).slice(-4)}${(++n).toString(36)}${Math.random().toString(36).slice(2, 4)}`;

export async function firstAward(request: APIRequestContext): Promise<Award> {
  const res = await request.get('/api/awards');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Award[])[0]!;
}

export async function templates(request: APIRequestContext): Promise<DesignTemplate[]> {
  return (await (await request.get('/api/templates')).json()) as DesignTemplate[];
}

/** Files a nomination through the API (with a CSRF token, in case the context is signed in). */
export async function createNomination(request: APIRequestContext, body: Partial<CreateNominationBody> & { nominee_name: string }) {
  const award = body.award_id ? null : await firstAward(request);
  const { csrf_token } = (await (await request.get('/api/auth/csrf')).json()) as { csrf_token: string };
  const res = await request.post('/api/nominations', {
    data: { award_id: award?.id, ...body },
    headers: { 'x-csrf-token': csrf_token },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CreateNominationResult;
}

const claimLinkIn = (text: string) => /https?:\/\/\S+\/claim\/[\w-]{43}/.exec(text)?.[0];

/** The claim link in the newest claim mail to `to`; with `other`, waits for a mail whose link is not that one. */
export async function claimLinkFromMail(to: string, subjectStart: string, other?: string) {
  const mail = await waitForMail(to, subjectStart, (m) => other === undefined || claimLinkIn(m.text)?.split('/claim/')[1] !== other.split('/claim/')[1]);
  const link = claimLinkIn(mail.text);
  if (!link) throw new Error(`no claim link in mail: ${mail.text}`);
  return link;
}

/** The nominee accepts through the claim link's API: only accepted public certificates are on the wall (docs/decisions/036). */
export async function acceptNomination(request: APIRequestContext, claimUrl: string) {
  const token = new URL(claimUrl, 'http://x').pathname.split('/claim/')[1]!;
  const { csrf_token } = (await (await request.get('/api/auth/csrf')).json()) as { csrf_token: string };
  const res = await request.post(`/api/claims/${token}/accept`, { headers: { 'x-csrf-token': csrf_token } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A public nomination its nominee has accepted, so it is on the community wall. */
export async function createAcceptedNomination(request: APIRequestContext, body: Partial<CreateNominationBody> & { nominee_name: string }) {
  const created = await createNomination(request, { is_public: true, ...body });
  await acceptNomination(request, created.claim_url);
  return created;
}
