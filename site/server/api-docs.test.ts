/**
 * /api/docs is the web app's, not the API's: the reference page and its files from their build
 * folder, under the page's own policy, while every other /api path still reaches the API.
 * (site/e2e/api-docs.spec.ts renders the real page with Redoc in Chromium.)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, loadConfig, startRuntime, type Runtime } from '@npo/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../api/src/test-support/databases.js';
import { API_DOCS_CONTENT_SECURITY_POLICY } from './security-headers.js';
import { createWebApp } from './web-app.js';
import { httpServerFor } from '../../api/src/test-support/http-server.js';

describe('GET /api/docs', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  const servers: Server[] = [];
  let buildDir: string;
  let baseUrl: string;
  let unbuiltUrl: string;

  async function listen(apiDocsBuildDir: string): Promise<string> {
    const server = httpServerFor(createWebApp(runtime, { apiDocsBuildDir }));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    });
    runtime = await startRuntime(config, createLogger('silent'));
    buildDir = mkdtempSync(path.join(tmpdir(), 'npo-api-docs-'));
    writeFileSync(path.join(buildDir, 'index.html'), '<!doctype html><title>API reference</title>');
    writeFileSync(path.join(buildDir, 'api-docs.js'), 'Redoc.init();');
    baseUrl = await listen(buildDir);
    unbuiltUrl = await listen(path.join(buildDir, 'not-built'));
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
    await runtime?.close();
    await database?.drop();
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  });

  it('answers the page and its files under the reference policy: no inline script, no other host', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const page = await fetch(baseUrl + url);
      expect(page.status, url).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('<title>API reference</title>');
      expect(page.headers.get('content-security-policy')).toBe(API_DOCS_CONTENT_SECURITY_POLICY);
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('x-frame-options')).toBe('DENY');
    }
    expect(API_DOCS_CONTENT_SECURITY_POLICY).toMatch(/default-src 'none'/);
    expect(API_DOCS_CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
    const script = await fetch(`${baseUrl}/api/docs/api-docs.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toBe('Redoc.init();');
  });

  it('answers 404 for a file it does not have, 405 for other methods, and leaves the rest of /api to the API', async () => {
    const missing = await fetch(`${baseUrl}/api/docs/nothing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(API_DOCS_CONTENT_SECURITY_POLICY);
    const escape = await fetch(`${baseUrl}/api/docs/..%2f..%2fpackage.json`);
    expect(escape.status).toBe(404);
    const post = await fetch(`${baseUrl}/api/docs`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const document = await fetch(`${baseUrl}/api/openapi.json`);
    expect(document.status).toBe(200);
    expect(document.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(((await document.json()) as { paths: object }).paths).toHaveProperty(['/api/faqs']);
    const near = await fetch(`${baseUrl}/api/docsx`);
    expect(near.status).toBe(404);
    expect(((await near.json()) as { success: boolean }).success).toBe(false);
  });

  it('says so when the page has not been built', async () => {
    const page = await fetch(`${unbuiltUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('npm run build');
  });
});
