import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    // *.pg.test.ts need a PostgreSQL server (several processes share it): the PostgreSQL suite only.
    exclude: process.env.TEST_DATABASE_URL ? configDefaults.exclude : [...configDefaults.exclude, '**/*.pg.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    // Two cores: a little parallelism, not a stampede of PGlite instances.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
