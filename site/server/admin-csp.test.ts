/**
 * Issue 12, item 12: the console at /admin runs under the public site's strict Content-Security-Policy.
 * Loaded in Chromium: no violation on the login page, nor after signing in on the dashboard and a
 * content page (Blueprint sets its styles through the CSSOM, which the policy allows).
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createLogger, loadConfig, startRuntime, type Runtime } from '@npo/api';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../api/src/test-support/databases.js';
import { skipWhen } from '../../api/src/test-support/skips.js';
import { CONTENT_SECURITY_POLICY } from './security-headers.js';
import { ADMIN_BUILD_DIR, createWebApp } from './web-app.js';
import { httpServerFor } from '../../api/src/test-support/http-server.js';

const CHROMIUM = '/usr/bin/chromium';
const SUPER_ADMIN = { email: 'root@example.org', password: 'root-password-1' };
const notRunnable =
  (!existsSync(CHROMIUM) && `${CHROMIUM} does not exist`) ||
  (!existsSync(path.join(ADMIN_BUILD_DIR, 'index.html')) && 'the console is not built (npm run build)');

describe('the console under the strict policy, in Chromium', skipWhen(notRunnable), () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let server: Server;
  let baseUrl: string;
  let browser: Browser;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
      SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
      SEED_DEMO: 'true',
    });
    runtime = await startRuntime(config, createLogger('silent'));
    server = httpServerFor(createWebApp(runtime));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await runtime?.close();
    await database?.drop();
  });

  it('shows the login page and the dashboard without a single CSP violation', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    let evalProbes = 0;
    page.on('console', (message) => {
      const text = message.text();
      // zod probes once whether it may compile parsers (`try { new Function('') } catch {}`) and,
      // refused, parses without: a report, not a breakage. Every other violation fails the test.
      if (/^Refused to: script-src eval /.test(text)) return void (evalProbes += 1);
      if (/Content.Security.Policy|Refused to/i.test(text)) violations.push(text);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `Refused to: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
        );
      });
    });

    const response = await page.goto(`${baseUrl}/admin/login`);
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    await page.getByLabel('Email').fill(SUPER_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
    expect(violations).toEqual([]);

    const dashboard = page.waitForResponse((answer) => answer.url().endsWith('/api/admin/dashboard'), {
      timeout: 20_000,
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 20_000 });
    await page
      .getByText(/dashboard/i)
      .first()
      .waitFor({ timeout: 20_000 });
    expect((await dashboard).status()).toBe(200);
    // The cards and the chart render from that answer: wait until they are painted.
    await page.getByText('Total Users').waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    expect(violations).toEqual([]);
    expect(evalProbes).toBeLessThanOrEqual(1);
    await page.close();
  }, 60_000);
});
