/**
 * Browser tests against the BUILT production server (run `npm run build` first; `npm test` does),
 * on a fresh SQLite database with demo content, with mails caught by a real SMTP server.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3211);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
const mailHttpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3212);
const desktopPort = Number(process.env.E2E_DESKTOP_PORT ?? 3213);
export const E2E = {
  baseUrl: `http://127.0.0.1:${port}`,
  mailUrl: `http://127.0.0.1:${mailHttpPort}/mails`,
  superAdmin: { email: 'super@example.org', password: 'super-secret-1' },
};
process.env.E2E_MAIL_URL = E2E.mailUrl;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// npm test gives the run a data folder among its reports; a run of its own (npx playwright test) makes
// one, and removes it as the runner exits, after the server has stopped. The workers, which load this
// file too, inherit E2E_DATA_DIR and make none.
const dataDir = process.env.E2E_DATA_DIR ?? madeDataDir();
process.env.E2E_DATA_DIR = dataDir;

function madeDataDir(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'npo-e2e-'));
  process.on('exit', () => rmSync(made, { recursive: true, force: true }));
  return made;
}

export default defineConfig({
  testDir: '.',
  testMatch: ['site/e2e/**/*.spec.ts', 'desktop/e2e/**/*.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON ?? 'test-results/playwright.json' }]]
    : 'list',
  use: {
    baseURL: E2E.baseUrl,
    trace: 'off',
    launchOptions: {
      ...(existsSync(chromium) && { executablePath: chromium }),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'node e2e/mail-capture.mjs',
      url: E2E.mailUrl,
      reuseExistingServer: false,
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_HTTP_PORT: String(mailHttpPort) },
    },
    {
      command: 'node site/dist/server/main.js',
      url: `${E2E.baseUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JWT_SECRET: 'e2e-secret-that-is-long-enough-0123456789',
        PUBLIC_URL: E2E.baseUrl,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SUPER_ADMIN_EMAIL: E2E.superAdmin.email,
        SUPER_ADMIN_PASSWORD: E2E.superAdmin.password,
        SEED_DEMO: 'true',
        // Every browser test signs in and submits forms from 127.0.0.1: one address doing the work of many.
        RATE_LIMIT_FACTOR: '100',
        // The packaged desktop console calls the API from this origin (desktop/e2e/electron-smoke.spec.ts).
        // The desktop app, and its renderer build served to Chromium by desktop-renderer.spec.ts.
        CORS_ORIGINS: `app://console,http://127.0.0.1:${desktopPort}`,
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
