// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/server/test/auth-client';
import { startPrintfulServer, type PrintfulServer } from '@/server/test/loopback/printful-server';
import { apiFetch } from '@/web/lib/api-client';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp, toasts } from '@/web/test/render';
import AdminHomeTools from './admin-home-tools';

// Printful refuses our token (a 401 is not retried), so both tools fail at once: the spec's failure toasts (§8).
let printful: PrintfulServer;
let live: LiveApp;
beforeAll(async () => {
  printful = await startPrintfulServer({ token: 'the-right-token' });
  live = await startLiveApp('/', { PRINTFUL_API_TOKEN: 'a-revoked-token', PRINTFUL_WEBHOOK_SECRET: 'webhook-secret-for-tests', PRINTFUL_API_URL: printful.url });
  const { email, password } = await createUser(live.app, { admin: true });
  await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email, password }) });
});
afterAll(async () => {
  await live?.close();
  await printful?.close();
});

describe('the print room tools when Printful refuses', () => {
  it('fetching templates says "Error" / "Failed to fetch templates"', async () => {
    const { user } = renderWithApp(<AdminHomeTools />);
    await user.click(screen.getByRole('button', { name: 'Fetch templates' }));
    expect(await toasts().findByText('Error')).toBeVisible();
    expect(toasts().getByText('Failed to fetch templates')).toBeVisible();
  });

  it('a sync says "Sync Failed" with the server’s message and leaves the catalogue alone', async () => {
    const before = (await live.app.inject({ method: 'GET', url: '/api/store/products' })).json<{ products: unknown[] }>().products.length;
    const { user } = renderWithApp(<AdminHomeTools />);
    await user.click(screen.getByRole('button', { name: 'Sync products' }));
    await user.click(screen.getByRole('button', { name: 'Yes, replace the catalogue' }));
    expect(await toasts().findByText('Sync Failed')).toBeVisible();
    expect(toasts().getByText(/Printful/)).toBeVisible();
    expect((await live.app.inject({ method: 'GET', url: '/api/store/products' })).json<{ products: unknown[] }>().products).toHaveLength(before);
  });
});
