import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * local/module-boundaries (eslint-rules/module-boundaries.js, docs/decisions/108): one owner per shop table, and
 * every module reached through its index.ts. Run on small pieces of code as if they sat at the given path. Below,
 * the modules' import graph read from the source: every module has a face, and no module imports another in a circle.
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

describe('every module through its face', () => {
  it('refuses an import of another module’s file, by either spelling', async () => {
    expect(await errors('src/server/modules/crm/crm.service.ts', "import { orderView } from '../orders/order-view';\nexport default orderView;\n")).toEqual([
      'Import the orders module through its face (src/server/modules/orders/index.ts), not its file order-view.',
    ]);
    expect(await errors('src/server/workflows/refund-order.ts', "import { x } from '@/server/modules/payments/payments.service';\nexport default x;\n")).toHaveLength(1);
    expect(await errors('src/server/modules/crm/crm.service.ts', "import { orderView } from '../orders';\nexport default orderView;\n")).toEqual([]);
    expect(await errors('src/server/modules/crm/crm.service.ts', "import { orderView } from '@/server/modules/orders/index';\nexport default orderView;\n")).toEqual([]);
    // A module's own files are its own business.
    expect(await errors('src/server/modules/orders/order-mails.ts', "import { x } from './order-view';\nexport default x;\n")).toEqual([]);
  });

  it('closes every module, not a list: the ones outside the order pipeline too', async () => {
    expect(await errors('src/server/modules/certificates/certificates.service.ts', "import { findById } from '../nominations/nominations.service';\nexport default findById;\n")).toEqual([
      'Import the nominations module through its face (src/server/modules/nominations/index.ts), not its file nominations.service.',
    ]);
    expect(await errors('src/server/modules/certificates/certificates.service.ts', "import { findById } from '../nominations';\nexport default findById;\n")).toEqual([]);
    // From lib, an adapter, the server's own files: the same.
    expect(await errors('src/server/lib/openapi.ts', "import { routePolicy } from '../modules/auth/auth.hooks';\nexport default routePolicy;\n")).toHaveLength(1);
    expect(await errors('src/server/adapters/payments/test-processor.ts', "import { defineJob } from '@/server/modules/jobs/job-queue';\nexport default defineJob;\n")).toHaveLength(1);
    expect(await errors('src/server/server.ts', "import { ensureBootstrapAdmin } from './modules/roles/bootstrap';\nexport default ensureBootstrapAdmin;\n")).toHaveLength(1);
  });

  it('counts type-only imports, re-exports and dynamic imports too (a row’s type from the schema is still fine)', async () => {
    const internal = 'Import the settings module through its face (src/server/modules/settings/index.ts), not its file settings.service.';
    expect(await errors('src/server/modules/quiz/context.ts', "import type { SettingsService } from '../settings/settings.service';\nexport type S = SettingsService;\n")).toEqual([internal]);
    expect(await errors('src/server/modules/quiz/context.ts', "export { SettingsService } from '../settings/settings.service';\n")).toEqual([internal]);
    expect(await errors('src/server/modules/quiz/context.ts', "export * from '../settings/settings.service';\n")).toEqual([internal]);
    expect(await errors('src/server/modules/quiz/context.ts', "export const load = () => import('../settings/settings.service');\n")).toEqual([internal]);
    expect(await errors('src/server/modules/quiz/context.ts', "import type { SettingsService } from '../settings';\nexport type S = SettingsService;\n")).toEqual([]);
  });

  it('keeps route plugins for app.ts and job registries for jobs.ts', async () => {
    const routes = "import { ordersRoutes } from './modules/orders/orders.routes';\nexport default ordersRoutes;\n";
    expect(await errors('src/server/app.ts', routes)).toEqual([]);
    expect(await errors('src/server/jobs.ts', routes)).toEqual(['A module’s routes are registered only by src/server/app.ts.']);
    // A *.module.ts plugin (a module's routes with their context) is a route plugin.
    const plugin = "import { quizModule } from './modules/quiz/quiz.module';\nexport default quizModule;\n";
    expect(await errors('src/server/app.ts', plugin)).toEqual([]);
    expect(await errors('src/server/modules/fulfilment/fulfilment.routes.ts', "import { certificatesModule } from '../certificates/certificates.module';\nexport default certificatesModule;\n")).toEqual([
      'A module’s routes are registered only by src/server/app.ts.',
    ]);
    const jobs = "import { paymentsJobs } from './modules/payments/payments.jobs';\nexport default paymentsJobs;\n";
    expect(await errors('src/server/jobs.ts', jobs)).toEqual([]);
    expect(await errors('src/server/app.ts', jobs)).toEqual([
      'A module’s job registry is imported only by src/server/jobs.ts; import its job definitions from its index.ts.',
    ]);
  });
});

const SERVER = path.resolve('src/server');
const MODULES = path.join(SERVER, 'modules');
const moduleNames = () => fs.readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || /test-support\.ts$/.test(file) || file.startsWith(path.join(SERVER, 'test') + path.sep);

/** Every non-test source file under src/server. */
function sourceFiles(dir = SERVER): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(d.name) && !isTestCode(full) ? [full] : [];
  });
}

/** The module a file or an import path lies in, or null. */
function moduleOf(abs: string): string | null {
  const rel = path.relative(MODULES, abs);
  if (rel.startsWith('..') || path.isAbsolute(rel) || rel === '') return null;
  return rel.split(path.sep)[0]!;
}

/**
 * The modules' import graph: an edge a → b for every import (values, types, re-exports, dynamic imports) from a
 * non-test file of module a into module b, with the files that make it.
 */
function moduleGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>(moduleNames().map((m) => [m, new Map()]));
  for (const file of sourceFiles(MODULES)) {
    const from = moduleOf(file)!;
    for (const { fileName: spec } of ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles) {
      const abs = spec.startsWith('@/') ? path.resolve('src', spec.slice(2)) : spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : null;
      const to = abs && moduleOf(abs);
      if (!to || to === from) continue;
      const edges = graph.get(from)!;
      edges.set(to, [...(edges.get(to) ?? []), path.relative(process.cwd(), file)]);
    }
  }
  return graph;
}

/** Groups of modules that import each other in a circle (strongly connected components of more than one), each with one circle through it. */
function circles(graph: Map<string, Map<string, string[]>>): { modules: string[]; circle: string }[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v)!.keys()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const m of graph.keys()) if (!index.has(m)) visit(m);
  return found.map((group) => {
    // One circle through the group, from its first module: a breadth-first path back to it.
    const start = group[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length && !cameFrom.has(start)) {
      const v = queue.shift()!;
      for (const w of graph.get(v)!.keys()) {
        if (!group.includes(w) || cameFrom.has(w)) continue;
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
    const path: string[] = [start];
    for (let v = cameFrom.get(start)!; v !== start; v = cameFrom.get(v)!) path.unshift(v);
    path.unshift(start);
    const steps = path.slice(1).map((to, i) => `${path[i]} → ${to} (${graph.get(path[i]!)!.get(to)![0]})`);
    return { modules: group, circle: steps.join(', ') };
  });
}

describe('the modules’ import graph', () => {
  it('gives every module folder a face (index.ts)', () => {
    const faceless = moduleNames().filter((m) => !fs.existsSync(path.join(MODULES, m, 'index.ts')));
    expect(faceless).toEqual([]);
  });

  it('has no circle between modules (what two modules share lives in the one that owns it, in lib, or in a workflow)', () => {
    expect(circles(moduleGraph()).map((c) => `modules that import each other in a circle: ${c.circle}`)).toEqual([]);
  });

  it('finds a circle when there is one, and prints it', () => {
    const graph = new Map([
      ['a', new Map([['b', ['src/server/modules/a/a.ts']]])],
      ['b', new Map([['c', ['src/server/modules/b/b.ts']]])],
      ['c', new Map([['a', ['src/server/modules/c/c.ts']]])],
      ['d', new Map([['a', ['src/server/modules/d/d.ts']]])],
    ]);
    expect(circles(graph)).toEqual([
      { modules: ['a', 'b', 'c'], circle: 'a → b (src/server/modules/a/a.ts), b → c (src/server/modules/b/b.ts), c → a (src/server/modules/c/c.ts)' },
    ]);
  });
});
