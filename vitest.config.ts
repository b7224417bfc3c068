import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * What the PostgreSQL suite (`npm run test:db`: TEST_DATABASE_URL set) does not run a second time, because these
 * files never open a database server: the embedded-database process tests and the PGlite fault test, connection
 * handling, the certificate renderer and its processes, and pure units. `npm test` ran them already; leaving them
 * out saves about three minutes of test time in CI (decision 059).
 */
const NOT_ON_POSTGRES = [
  'src/server/db/migration-0012.test.ts',
  'src/server/module-boundaries.test.ts',
  'src/server/lib/connections.test.ts',
  'src/server/adapters/fulfilment/printful.test.ts',
  'src/server/adapters/payments/stripe.test.ts',
  'src/server/modules/auth/sign-in-failures.test.ts',
  'src/server/modules/certificates/{award-picture,certificate-renderer,certificate-svg,emblem,qr-code,raster,render-cache,render-pool,text-fit,xml}.test.ts',
  'src/server/modules/seo/page-cache.test.ts',
  'src/server/modules/store/{pricing,shipping-rates}.test.ts',
  // Embedded databases reused between files: the PostgreSQL suite gives every file a new database on the server.
  'src/server/test/test-database-pool.test.ts',
];

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    // *.pg.test.ts need a PostgreSQL server (several processes share it): the PostgreSQL suite only.
    // *.faults.test.ts are `npm run test:faults` (vitest.faults.config.ts): processes killed mid-work, minutes each.
    exclude: process.env.TEST_DATABASE_URL
      ? [...configDefaults.exclude, '**/*.faults.test.ts', ...NOT_ON_POSTGRES]
      : [...configDefaults.exclude, '**/*.faults.test.ts', '**/*.pg.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    // Two cores: a little parallelism, not a stampede of PGlite instances.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          // One migrated PGlite, copied by every embedded test database instead of running initdb again.
          globalSetup: ['./src/test-global-setup.ts'],
          // Server files share a process's loaded modules: each builds its own app, database and stores, and
          // nothing of ours keeps state in a module but the template above. About 80 s less importing (decision 059).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          // Component tests share a worker's loaded packages (React, Testing Library, happy-dom's page) and load our
          // own modules afresh for each file, on a page reset to new (src/test-setup.ts): 119 → 58 s, 209 → 93 CPU-s
          // against a fresh worker per file (docs/decisions/124).
          isolate: false,
          // The live app of component tests (src/web/test/live-app.ts) starts from the same migrated, seeded PGlite.
          globalSetup: ['./src/test-global-setup.ts'],
        },
      },
    ],
  },
});
