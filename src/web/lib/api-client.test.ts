// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { apiFetch, ApiRequestError } from './api-client';

let live: LiveApp;
beforeAll(async () => {
  live = await startLiveApp('/');
});
afterAll(async () => {
  await live?.close().catch(() => undefined);
});

async function failure(path: string, init?: RequestInit): Promise<ApiRequestError> {
  const err = await apiFetch(path, init).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiRequestError);
  return err as ApiRequestError;
}

describe('apiFetch errors', () => {
  it('keeps a 4xx message as the server wrote it, naming its field', async () => {
    const err = await failure('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email: 'not-an-email', password: 'x' }) });
    expect(err.status).toBe(400);
    expect(err.field).toBe('email');
    expect(err.message).not.toMatch(/Reference/);
    expect(err.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives a failure on our side a short reference to the request’s log lines', async () => {
    // The database gone from under the running app: a real 5xx.
    await live.database.pglite!.close();
    const err = await failure('/api/health');
    expect(err.status).toBeGreaterThanOrEqual(500);
    expect(err.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(err.message).toMatch(new RegExp(`\\(Reference: ${err.requestId!.slice(0, 8)}\\)$`));
  });
});
