import path from 'node:path';

/**
 * local/module-boundaries (docs/decisions/108): each shop table has one owner, and a module is reached through its
 * face (index.ts).
 *  1. Only the owner imports an order-pipeline table (a value import from src/server/db/schema); everyone else calls
 *     the owner's functions. The catalogue's tables (products, variants, the award → product mappings) are reference
 *     data many pages join: anyone may read them, only their owner writes them (insert, update, delete). Type-only
 *     imports are fine (a row's type is not access). Tests, the schema itself, the seed and migrations may use any.
 *  2. Every module (each folder under src/server/modules) is imported only through its face, index.ts — by other
 *     modules, the workflows, the adapters, lib and the rest of the server, type-only imports and re-exports too. Its
 *     route plugins (`*.routes.ts`, and the `*.module.ts` plugins that register a module's routes with its context)
 *     are imported only by src/server/app.ts, and its jobs with their handlers (`*.jobs.ts`) only by
 *     src/server/jobs.ts: the two places that put the app together. A module's own files import each other directly.
 *     That modules never import each other in a circle is checked by src/server/module-boundaries.test.ts.
 */

/** The owner of each table: a module under src/server/modules, or an adapter folder under src/server/adapters. */
export const TABLE_OWNERS = {
  orders: ['orders', 'orderLines', 'orderEvents', 'orderOverview', 'orderNumberSeq'],
  payments: ['paymentSessions', 'paymentTransitions', 'orderPayments', 'refunds', 'paymentEvents'],
  'adapters/payments': ['testPaymentSessions', 'testPaymentEvents'],
  fulfilment: ['fulfilments', 'fulfilmentTransitions', 'fulfilmentEvents', 'awardProductTemplates'],
  'adapters/fulfilment': ['printShopOrders'],
  funnel: ['funnelOffers', 'funnelSessions'],
  discounts: ['discountCodes', 'discountRedemptions'],
  products: ['products', 'variants', 'variantPrices'],
  invoices: ['invoices', 'invoiceSeries'],
};

/** Tables anyone may read (joins for pages and lists); only their owner writes them. */
export const READABLE_TABLES = new Set(['products', 'variants', 'variantPrices', 'awardProductTemplates']);

const OWNER_OF = new Map(Object.entries(TABLE_OWNERS).flatMap(([owner, tables]) => tables.map((t) => [t, owner])));

/** Where a file sits: its module or adapter folder, 'workflows', 'jobs-registry', or null (not checked). */
function placeOf(file) {
  const norm = file.split(path.sep).join('/');
  if (/\.(test|faults\.test)\.tsx?$/.test(norm) || /\/src\/server\/test\//.test(norm)) return null;
  if (/\/src\/server\/db\//.test(norm)) return null;
  const mod = /\/src\/server\/modules\/([^/]+)\//.exec(norm);
  if (mod) return { kind: 'module', name: mod[1] };
  const adapter = /\/src\/server\/adapters\/([^/]+)\//.exec(norm);
  if (adapter) return { kind: 'module', name: `adapters/${adapter[1]}` };
  if (/\/src\/server\/jobs\.ts$/.test(norm)) return { kind: 'jobs-registry', name: 'jobs' };
  if (/\/src\/server\/app\.ts$/.test(norm)) return { kind: 'app', name: 'app' };
  if (/\/src\/server\//.test(norm)) return { kind: 'other', name: 'server' };
  return null;
}

/** The module an import points into, and the file within it: 'orders', 'order-view' for ../orders/order-view. */
function targetOf(file, source) {
  let resolved;
  if (source.startsWith('@/server/modules/')) resolved = source.slice('@/server/modules/'.length);
  else if (source.startsWith('.')) {
    const abs = path.resolve(path.dirname(file), source).split(path.sep).join('/');
    const m = /\/src\/server\/modules\/(.+)$/.exec(abs);
    if (!m) return null;
    resolved = m[1];
  } else return null;
  const [name, ...rest] = resolved.split('/');
  return { name, file: rest.join('/') };
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'One owner per shop table; every module is imported through its index.ts (docs/decisions/108).' },
    schema: [],
    messages: {
      table: '{{table}} is the {{owner}} module’s table: call a function of its face (src/server/modules/{{owner}}/index.ts) instead.',
      internal: 'Import the {{module}} module through its face (src/server/modules/{{module}}/index.ts), not its file {{file}}.',
      jobs: 'A module’s job registry is imported only by src/server/jobs.ts; import its job definitions from its index.ts.',
      routes: 'A module’s routes are registered only by src/server/app.ts.',
      write: '{{table}} is the {{owner}} module’s table: read it if you must, but change it only through its face (src/server/modules/{{owner}}/index.ts).',
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const place = placeOf(file);
    if (!place) return {};
    /** Readable tables imported here that belong to someone else: local name → table. */
    const borrowed = new Map();
    return {
      // A write to a borrowed table: db.insert(products), tx.update(variants), ….delete(awardProductTemplates).
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!['insert', 'update', 'delete'].includes(callee.property.name)) return;
        const arg = node.arguments[0];
        if (!arg || arg.type !== 'Identifier' || !borrowed.has(arg.name)) return;
        const table = borrowed.get(arg.name);
        context.report({ node, messageId: 'write', data: { table, owner: OWNER_OF.get(table) } });
      },
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string') return;
        // 1. Tables.
        if (source.startsWith('@/server/db/schema')) {
          if (node.importKind === 'type') return;
          for (const spec of node.specifiers) {
            if (spec.type !== 'ImportSpecifier' || spec.importKind === 'type') continue;
            const table = spec.imported.name;
            const owner = OWNER_OF.get(table);
            if (!owner || owner === place.name) continue;
            if (READABLE_TABLES.has(table)) borrowed.set(spec.local.name, table);
            else context.report({ node: spec, messageId: 'table', data: { table, owner: owner.replace('adapters/', '') } });
          }
          return;
        }
        // 2. Faces.
        checkFace(node, source);
      },
      // Re-exports and dynamic imports reach a module as an import does.
      ExportNamedDeclaration(node) {
        if (node.source && typeof node.source.value === 'string') checkFace(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        if (typeof node.source.value === 'string') checkFace(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') checkFace(node, node.source.value);
      },
    };

    /** An import of another module: its face, or (for app.ts and jobs.ts) its route plugins and job registry. */
    function checkFace(node, source) {
      const target = targetOf(file, source);
      if (!target || target.name === place.name) return;
      const inner = target.file.replace(/\.[cm]?[jt]sx?$/, '');
      if (inner === '' || inner === 'index') return;
      if (/\.jobs$/.test(inner)) {
        if (place.kind !== 'jobs-registry') context.report({ node, messageId: 'jobs' });
        return;
      }
      if (/\.(routes|module)$/.test(inner)) {
        if (place.kind !== 'app') context.report({ node, messageId: 'routes' });
        return;
      }
      context.report({ node, messageId: 'internal', data: { module: target.name, file: inner } });
    }
  },
};
