import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * local/module-boundaries (eslint-rules/module-boundaries.js, docs/decisions/108): one owner per shop table, and
 * closed modules reached through their index.ts. Run on small pieces of code as if they sat at the given path.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function errors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'local/module-boundaries').map((m) => m.message);
}

describe('one owner per shop table', () => {
  it('refuses another module (or a workflow) importing an order-pipeline table; its owner and tests may', async () => {
    const code = "import { paymentSessions } from '@/server/db/schema/index';\nexport const t = paymentSessions;\n";
    const refusal = 'paymentSessions is the payments module’s table: call a function of its face (src/server/modules/payments/index.ts) instead.';
    expect(await errors('src/server/modules/orders/order-view.ts', code)).toEqual([refusal]);
    expect(await errors('src/server/workflows/place-order.ts', code)).toEqual([refusal]);
    expect(await errors('src/server/modules/payments/payments.service.ts', code)).toEqual([]);
    expect(await errors('src/server/modules/orders/orders.test.ts', code)).toEqual([]);
    // A row's type is not access.
    expect(await errors('src/server/modules/orders/order-view.ts', "import type { paymentSessions } from '@/server/db/schema/index';\nexport type P = typeof paymentSessions.$inferSelect;\n")).toEqual([]);
  });

  it('lets anyone read the catalogue, but only its owner change it', async () => {
    const read = "import { variants } from '@/server/db/schema/index';\nimport type { Db } from '@/server/db/client';\nexport const all = (db: Db) => db.select().from(variants);\n";
    expect(await errors('src/server/modules/store/store.service.ts', read)).toEqual([]);
    const write = "import { variants } from '@/server/db/schema/index';\nimport type { Db } from '@/server/db/client';\nexport const drop = (db: Db) => db.delete(variants);\n";
    expect(await errors('src/server/modules/store/store.service.ts', write)).toEqual([
      'variants is the products module’s table: read it if you must, but change it only through its face (src/server/modules/products/index.ts).',
    ]);
    expect(await errors('src/server/modules/products/catalogue-sync.ts', write)).toEqual([]);
  });
});

describe('closed modules through their face', () => {
  it('refuses an import of another closed module’s file, by either spelling', async () => {
    expect(await errors('src/server/modules/crm/crm.service.ts', "import { orderView } from '../orders/order-view';\nexport default orderView;\n")).toEqual([
      'Import the orders module through its face (src/server/modules/orders/index.ts), not its file order-view.',
    ]);
    expect(await errors('src/server/workflows/refund-order.ts', "import { x } from '@/server/modules/payments/payments.service';\nexport default x;\n")).toHaveLength(1);
    expect(await errors('src/server/modules/crm/crm.service.ts', "import { orderView } from '../orders';\nexport default orderView;\n")).toEqual([]);
    // A module's own files are its own business.
    expect(await errors('src/server/modules/orders/order-mails.ts', "import { x } from './order-view';\nexport default x;\n")).toEqual([]);
  });

  it('keeps route plugins for app.ts and job registries for jobs.ts', async () => {
    const routes = "import { ordersRoutes } from './modules/orders/orders.routes';\nexport default ordersRoutes;\n";
    expect(await errors('src/server/app.ts', routes)).toEqual([]);
    expect(await errors('src/server/jobs.ts', routes)).toEqual(['A module’s routes are registered only by src/server/app.ts.']);
    const jobs = "import { paymentsJobs } from './modules/payments/payments.jobs';\nexport default paymentsJobs;\n";
    expect(await errors('src/server/jobs.ts', jobs)).toEqual([]);
    expect(await errors('src/server/app.ts', jobs)).toEqual([
      'A module’s job registry is imported only by src/server/jobs.ts; import its job definitions from its index.ts.',
    ]);
  });
});
