import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * Apps closed after the file's tests, for socket-level tests. Call at the top of a test file: `listening(env)` starts
 * an unseeded app on a real port of 127.0.0.1 and answers it with its port; `create(opts)` makes one for app.inject.
 */
export function socketTestApps() {
  const apps: TestApp[] = [];
  afterAll(async () => {
    // Sockets the tests left half-open would make close() wait for them: end them first.
    for (const a of apps) a.app.server.closeAllConnections();
    await Promise.all(apps.map((a) => a.close()));
  }, 120_000);
  const create = async (opts: Parameters<typeof createTestApp>[0] = {}) => {
    const t = await createTestApp(opts);
    apps.push(t);
    return t;
  };
  const listening = async (env: Record<string, string> = {}) => {
    const t = await create({ seed: false, env });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return { t, port: (t.app.server.address() as AddressInfo).port };
  };
  return { create, listening };
}
