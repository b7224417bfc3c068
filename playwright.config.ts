import { defineConfig, devices } from '@playwright/test';
import { LOOPBACK } from './e2e/support/loopback-config';

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://localhost:${PORT}`;
/** One data folder per port, so runs on different ports never share (or delete) each other's database. */
const E2E_DATA_DIR = PORT === 4173 ? '.e2e-data' : `.e2e-data-${PORT}`;

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
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /(catalogue-sync|admin-awards|admin-settings)\.spec\.ts/ },
    // Adds, hides and imports awards: after the specs that count the gallery, so their counts never race it.
    { name: 'admin-awards', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: /admin-awards\.spec\.ts/, dependencies: ['desktop'] },
    // Settings change what every page shows (brand, shipping prices): they run after the other tests, alone.
    { name: 'admin-settings', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: /admin-settings\.spec\.ts/, dependencies: ['admin-awards'] },
    // The product sync replaces the whole catalogue: it runs alone, after every other test has finished.
    { name: 'catalogue-sync', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: /catalogue-sync\.spec\.ts/, dependencies: ['admin-settings'] },
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
    {
      command: `rm -rf ${E2E_DATA_DIR} && node dist/server/server.mjs`,
      url: `${E2E_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: E2E_BASE_URL,
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
    },
  ],
});
