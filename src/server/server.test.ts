import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startServer, stop, stopAll, waitForHealth } from './test/processes';

afterEach(stopAll);

describe('the server process', () => {
  it('creates, migrates and seeds the embedded database, and a second start reuses it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'certifiable-start-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };

    const first = startServer(env);
    await waitForHealth(port);
    const seeded = (await (await fetch(`http://127.0.0.1:${port}/api/categories`)).json()) as unknown[];
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    await stop(first.child);
    expect(await first.exited).toBe(0);

    // Something written between starts must survive the next start (no re-seed, no reset).
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    await db.query(`insert into categories (slug, name, sort_order) values ('added-by-hand', 'Added By Hand', 9999)`);
    await db.close();

    const second = startServer(env);
    await waitForHealth(port);
    const after = (await (await fetch(`http://127.0.0.1:${port}/api/categories`)).json()) as { slug: string }[];
    expect(after).toHaveLength(seeded.length + 1);
    expect(after.at(-1)!.slug).toBe('added-by-hand');
    await stop(second.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start on a bad setting and names the variable', async () => {
    const bad = startServer({ PORT: 'not-a-port', DATA_DIR: os.tmpdir() });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT:');
  });
});
