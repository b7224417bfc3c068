import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { seedDatabase } from '../db/seed/seed';

/**
 * A shop database made ready before its server first starts — migrated and seeded, as the server would — with seeded
 * variants linked to the loopback Printful's sync variants (what Sync Printful products does for a real store).
 * Printful takes an order's items only by a variant of its own, never by SKU (docs/decisions/123): the fault tests and
 * the back-office bench, which sell the seeded A4 print through the loopback Printful, link it first.
 */
export async function prepareShopLinkedToPrintful(where: { databaseUrl?: string; dataDir?: string }, links: Record<string, string | number>): Promise<void> {
  if (!where.databaseUrl && where.dataDir) await fs.mkdir(where.dataDir, { recursive: true });
  const database = await openDatabase(where.databaseUrl ? { databaseUrl: where.databaseUrl } : { pgliteDir: path.join(where.dataDir!, 'pglite') });
  try {
    await database.migrate();
    await seedDatabase(database.db);
    for (const [sku, ref] of Object.entries(links)) await database.rows(sql`update variants set fulfilment_ref = ${String(ref)} where sku = ${sku}`);
  } finally {
    await database.close();
  }
}
