import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { checkoutCrash, printFigures } from '@/server/test/checkout-crash';
import { FaultShop } from '@/server/test/fault-shop';

/**
 * Issue 23 on the embedded database: kill -9 of the one server process during 100 checkouts and payments, started
 * again on the same folder each time; then every card charged is one paid order, at the printer once and mailed
 * (src/server/test/checkout-crash.ts says what is checked). The PostgreSQL run is checkout-crash.pg.faults.test.ts.
 */
vi.setConfig({ testTimeout: 600_000, hookTimeout: 120_000 });

describe('kill -9 during checkouts and payments, on the embedded database', () => {
  const shop = new FaultShop(null);
  beforeAll(() => shop.open());
  afterAll(() => shop.close());

  it('every card charged is exactly one paid order, at the printer once and mailed; nothing half-made is left', async () => {
    printFigures(await checkoutCrash(shop, { shoppers: 100, kills: 3 }));
  });
});
