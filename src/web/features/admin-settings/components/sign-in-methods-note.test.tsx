// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { queryKeys } from '@/web/lib/query-keys';
import { renderWithApp } from '@/web/test/render';
import { SignInMethodsNote } from './sign-in-methods-note';

/** Renders the note and waits until the server has said which sign-in methods it offers. */
async function renderNote() {
  const { queryClient } = renderWithApp(<SignInMethodsNote />, { path: '/admin/settings' });
  await waitFor(() => expect(queryClient.getQueryState(queryKeys.auth.config())?.status).toBe('success'));
}

describe('SignInMethodsNote on a server without Google credentials', () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp('/admin/settings');
  });
  afterAll(async () => {
    await live?.close();
  });

  it('says Google sign-in is off and names the two variables that turn it on, with the callback address', async () => {
    await renderNote();
    const note = (await screen.findByText('Google sign-in is off')).closest('[role="status"]');
    expect(note).toHaveTextContent('GOOGLE_CLIENT_ID');
    expect(note).toHaveTextContent('GOOGLE_CLIENT_SECRET');
    expect(note).toHaveTextContent(/\/api\/auth\/callback\/google/);
  });
});

describe('SignInMethodsNote on a server with Google credentials', () => {
  let live: LiveApp;
  beforeAll(async () => {
    // The issuer is only asked when someone starts a Google sign-in: none does here.
    live = await startLiveApp('/admin/settings', { GOOGLE_CLIENT_ID: 'certifiable-test', GOOGLE_CLIENT_SECRET: 'loopback-secret', GOOGLE_ISSUER_URL: 'http://127.0.0.1:9' });
  });
  afterAll(async () => {
    await live?.close();
  });

  it('says nothing', async () => {
    await renderNote();
    expect(screen.queryByText('Google sign-in is off')).toBeNull();
  });
});
