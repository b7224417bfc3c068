import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A process that starts the watchdog and then blocks its own event loop for `blockMs` (as PGlite does after failing
 * to write its log on a full disk), then exits 0. `minFreeBytes` decides whether the disk counts as full.
 */
function blockedProcess(minFreeBytes: number, blockMs: number) {
  const code = `
    import { startStallWatchdog } from ${JSON.stringify(path.join(here, 'stall-watchdog.ts'))};
    startStallWatchdog({ dir: ${JSON.stringify(os.tmpdir())}, minFreeBytes: ${minFreeBytes}, stallSeconds: 2 });
    setTimeout(() => {
      const until = Date.now() + ${blockMs};
      while (Date.now() < until) {}
      process.exit(0);
    }, 1500);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const started = Date.now();
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number; stderr: string }>((resolve) =>
    child.on('close', (c, signal) => resolve({ code: c, signal, ms: Date.now() - started, stderr })),
  );
}

describe('stall watchdog (the embedded database wedged by a full disk)', () => {
  it('kills a process whose event loop stays blocked while the disk is below its floor, saying why', async () => {
    const result = await blockedProcess(Number.MAX_SAFE_INTEGER, 20_000);
    expect(result.signal, JSON.stringify(result)).toBe('SIGKILL');
    expect(result.ms).toBeLessThan(15_000);
    expect(result.stderr).toMatch(/stopped answering after the disk filled/);
  }, 30_000);

  it('leaves a blocked process alone when the disk has room (a slow moment is not this failure)', async () => {
    const result = await blockedProcess(0, 4_000);
    expect(result).toMatchObject({ code: 0, signal: null });
  }, 30_000);
});
