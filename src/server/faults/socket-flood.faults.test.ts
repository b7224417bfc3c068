/**
 * An idle-socket flood against the real app on a real port (decision 052): 20,000 sockets held open and reopened as fast
 * as the server closes them, from four processes. A load test of a minute or more, so it runs with the fault tests
 * (`npm run test:faults`, in CI) rather than in `npm test` (decision 124); `src/server/lib/connections.test.ts` keeps the
 * cap, slow-client and proxy tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { socketTestApps } from '../test/socket-test-apps';

const children: ChildProcess[] = [];

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

const { listening } = socketTestApps();

async function health(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(20_000) });
  return res.status;
}

describe('idle sockets cannot lock visitors out', () => {
  it('20,000 idle sockets, reopened as fast as they are closed, leave /api/health reachable', { timeout: 180_000 }, async () => {
    const { port } = await listening();
    // Sockets are files: spread them over processes so no client runs out of descriptors.
    const perProcess = 5_000;
    const ready = Array.from({ length: 20_000 / perProcess }, () => {
      const child = spawn(process.execPath, ['-e', HOLDER, String(port), String(perProcess)], { stdio: ['ignore', 'pipe', 'inherit'] });
      children.push(child);
      return new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d: Buffer) => d.toString().includes('opened') && resolve());
        child.once('exit', (code) => reject(new Error(`socket holder exited with ${code}`)));
      });
    });
    await Promise.all(ready);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await health(port));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});

/** A child process that opens N idle sockets, reopens each one the server closes, and says "opened" once. */
const HOLDER = `
const net = require('node:net');
const [port, n] = process.argv.slice(1).map(Number);
let opened = 0, told = false;
function open() {
  // From 127.0.0.2: the 20,000 local ports these sockets take are then not taken from 127.0.0.1, where other
  // test files running beside this one pick free ports for their own servers.
  const s = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
  s.on('connect', () => { if (++opened >= n && !told) { told = true; process.stdout.write('opened\\n'); } });
  s.on('error', () => {});
  s.on('close', () => setTimeout(open, 50));
}
for (let i = 0; i < n; i++) open();
`;
