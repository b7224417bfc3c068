import { afterEach, beforeEach, vi } from 'vitest';

export interface ApiRefusal {
  status: number;
  error: { code: string; message: string; field?: string };
}

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The network boundary for a component test of a form without the live app: the CSRF token, GETs answered by
 * `read(path)`, every other request recorded in `sent` (emptied before each test) and refused as `refusal` says.
 * Call it at the top of a test file: it stubs `fetch` for each test and restores it after.
 */
export function stubApi(read: (path: string) => unknown) {
  const api = {
    sent: [] as SentRequest[],
    refusal: { status: 500, error: { code: 'INTERNAL_ERROR', message: 'The test set no refusal.' } } as ApiRefusal,
  };
  beforeEach(() => {
    api.sent.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init: RequestInit = {}) => {
        const path = new URL(input, 'http://localhost').pathname;
        const method = init.method ?? 'GET';
        if (path === '/api/auth/csrf') return Promise.resolve(Response.json({ csrf_token: 'token' }));
        if (method === 'GET') return Promise.resolve(Response.json(read(path)));
        api.sent.push({ method, path, body: JSON.parse(String(init.body)) });
        return Promise.resolve(Response.json({ error: api.refusal.error }, { status: api.refusal.status }));
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());
  return api;
}
