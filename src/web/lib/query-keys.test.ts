import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

const BODY = { award_id: '0b5e6a1c-6a0e-4c55-9f3b-3b7a1f0e2d11', nominee_name: 'Dana', reason: '', nominator_name: '' };

/** A cache holding one entry under every branch of the tree. */
function filledCache() {
  const client = new QueryClient();
  const keys = {
    authConfig: queryKeys.auth.config(),
    account: queryKeys.account.detail(),
    myNominations: queryKeys.account.nominations(),
    adminUsers: queryKeys.admin.users.list({ search: 'dana', page: 2 }),
    adminNominations: queryKeys.admin.nominations.list({ status: 'hidden' }),
    adminNomination: queryKeys.admin.nominations.detail('n1'),
    awards: queryKeys.awards.list(),
    categories: queryKeys.categories.all,
    templates: queryKeys.templates.all,
    certificate: queryKeys.certificates.detail('AbCdEfGh12345678'),
    preview: queryKeys.certificatePreviews.detail(BODY),
    claim: queryKeys.claims.detail('token'),
    wall: queryKeys.community.list({ sort: 'most_liked' }),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, 'data');
  const present = () => Object.entries(keys).filter(([, key]) => client.getQueryData(key) !== undefined).map(([name]) => name);
  const invalidated = () => Object.entries(keys).filter(([, key]) => client.getQueryState(key)?.isInvalidated).map(([name]) => name);
  return { client, present, invalidated };
}

describe('queryKeys', () => {
  it('signing in or out drops every account and admin entry, and nothing public (main.tsx)', () => {
    const { client, present } = filledCache();
    client.removeQueries({ queryKey: queryKeys.account.all });
    client.removeQueries({ queryKey: queryKeys.admin.all });
    expect(present()).toEqual(['authConfig', 'awards', 'categories', 'templates', 'certificate', 'preview', 'claim', 'wall']);
  });

  it('a moderation action refreshes the admin lists, the wall and certificate pages, but no cached preview', async () => {
    const { client, invalidated } = filledCache();
    await Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.admin.nominations.all }),
      client.invalidateQueries({ queryKey: queryKeys.community.all }),
      client.invalidateQueries({ queryKey: queryKeys.certificates.all }),
    ]);
    expect(invalidated()).toEqual(['adminNominations', 'adminNomination', 'certificate', 'wall']);
  });

  it('gives equal filters the same entry, so features share one request', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.awards.list({}), ['award']);
    expect(client.getQueryData(queryKeys.awards.list())).toEqual(['award']);
    expect(client.getQueryData(queryKeys.awards.list({ search: 'cat' }))).toBeUndefined();
  });
});
