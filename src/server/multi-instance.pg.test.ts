import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { seedAwards } from './db/seed/catalog-data';
import { freePort, startServer, stopAll, waitForHealth } from './test/processes';

// Runs only in the PostgreSQL suite (vitest includes *.pg.test.ts when TEST_DATABASE_URL is set).
const serverUrl = process.env.TEST_DATABASE_URL!;
const name = `certifiable_multi_${randomBytes(4).toString('hex')}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

afterEach(stopAll);
afterAll(async () => {
  await admin(`drop database if exists "${name}" with (force)`);
});

describe('several instances on one PostgreSQL', () => {
  it('start together on an empty database: migrations run once, the seed is applied once, both serve', async () => {
    await admin(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const [portA, portB] = [await freePort(), await freePort()];
    const a = startServer({ DATABASE_URL: url.toString(), PORT: String(portA), HOST: '127.0.0.1' });
    const b = startServer({ DATABASE_URL: url.toString(), PORT: String(portB), HOST: '127.0.0.1' });
    await Promise.all([waitForHealth(portA), waitForHealth(portB)]).catch((err: unknown) => {
      throw new Error(`${String(err)}\nA: ${a.output()}\nB: ${b.output()}`);
    });

    const fromA = (await (await fetch(`http://127.0.0.1:${portA}/api/awards`)).json()) as { id: string }[];
    const fromB = (await (await fetch(`http://127.0.0.1:${portB}/api/awards`)).json()) as { id: string }[];
    expect(fromA.map((x) => x.id)).toEqual(fromB.map((x) => x.id));
    expect(fromA).toHaveLength(seedAwards.filter((x) => x.isActive).length);

    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const awards = await db.query('select count(*)::int as n from awards');
    const migrations = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await db.end();
    expect(awards.rows[0].n).toBe(seedAwards.length);
    expect(migrations.rows[0].n).toBeGreaterThan(0);
  });
});
