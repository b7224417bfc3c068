import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { LOOPBACK } from './e2e/support/loopback-config';

/**
 * Debian's Chromium, never a downloaded one. Its headless shell (the `chromium-headless-shell` package: the same
 * Chromium build without the full browser's window machinery, what Playwright itself runs headless) when installed —
 * `.ci/run` installs it — takes a third less CPU for the same suite than the full browser in headless mode
 * (docs/decisions/124); the full browser otherwise. CHROMIUM_PATH chooses another.
 */
const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://localhost:${PORT}`;
/**
 * The specs that change what every page shows (settings, the award list, the whole catalogue) each get a shop of their
 * own: a server on its own database, so they run beside the other specs instead of after them, in one phase
 * (Playwright runs projects that depend on others in later phases, one phase after another; docs/decisions/124).
 */
const ISOLATED_BASE_PORT = Number(process.env.E2E_ISOLATED_PORT ?? PORT + 20);
const ISOLATED_SPECS = ['admin-awards', 'admin-settings', 'catalogue-sync'] as const;
const isolatedPort = (i: number) => ISOLATED_BASE_PORT + i;
/** One data folder per port, so runs on different ports never share (or delete) each other's database. */
const dataDir = (port: number) => (port === 4173 ? '.e2e-data' : `.e2e-data-${port}`);

/** The shop as the specs meet it: the built server, production mode, a fresh embedded database, loopback services. */
function shopServer(port: number) {
  const baseUrl = `http://localhost:${port}`;
  return {
    command: `rm -rf ${dataDir(port)} && node dist/server/server.mjs`,
    url: `${baseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Each test comes from its own client address (see e2e/fixtures.ts), so per-IP limits
      // (10 nominations an hour) hold per test, retries included: the browser on loopback is the "proxy".
      TRUST_PROXY: 'loopback',
      SMTP_URL: `smtp://127.0.0.1:${LOOPBACK.smtpPort}`,
      MAIL_FROM: 'Certifiable <no-reply@certifiable.test>',
      GOOGLE_CLIENT_ID: LOOPBACK.googleClientId,
      GOOGLE_CLIENT_SECRET: LOOPBACK.googleClientSecret,
      GOOGLE_ISSUER_URL: `http://127.0.0.1:${LOOPBACK.oidcPort}`,
      ADMIN_EMAIL: LOOPBACK.admin.email,
      ADMIN_PASSWORD: LOOPBACK.admin.password,
    },
  };
}

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built app,
 * served by the real server on a fresh embedded database.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_500 },
  use: {
    baseURL: E2E_BASE_URL,
    // A trace records a screencast of every page: about a quarter of the suite's CPU. Kept for a retry (CI retries a
    // failure once; locally, `npx playwright test --trace on` records one on demand).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    // The pages as a visitor who asked for less motion meets them (styles.css ends every animation at once): no test
    // waits for a fade or a slide to finish, 60–70 s less of the suite (docs/decisions/124). The phone-and-axe and
    // a11y specs look at the pages with their motion, as most visitors see them.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    // First, so their long serial runs start at once while the many short specs fill the other worker.
    ...ISOLATED_SPECS.map((spec, i) => ({
      name: spec,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${isolatedPort(i)}` },
      testMatch: new RegExp(`${spec}\\.spec\\.ts`),
    })),
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: new RegExp(`(${ISOLATED_SPECS.join('|')})\\.spec\\.ts`) },
  ],
  webServer: [
    {
      // Google (a real OIDC provider) and a mail server, on loopback (e2e/support/loopback-services.ts).
      command: 'node --import tsx e2e/support/loopback-services.ts',
      url: `http://127.0.0.1:${LOOPBACK.mailApiPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    shopServer(PORT),
    ...ISOLATED_SPECS.map((_, i) => shopServer(isolatedPort(i))),
  ],
});
