/**
 * Issue 9, start-up: a restart on existing data does nothing slow before it answers. No password is
 * hashed (the bcrypt workers start with the first sign-in) and neither Vike nor React is loaded (the
 * first page loads them), so the process is healthy as soon as the database is migrated and read.
 * The wall-clock budget (≤ 1 s to healthy) is measured by `npm run bench`, not here.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createLogger, loadConfig, passwordWorkersStarted, startRuntime, type Runtime } from '@npo/api';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, describeEngines, type TestDatabase } from '../../api/src/test-support/databases.js';
import { skipWhen } from '../../api/src/test-support/skips.js';
import {
  builtServerTest,
  killServer,
  spawnBuiltServer,
  waitForHealth,
  type ServerProcess,
} from '../../api/src/test-support/built-server.js';
import { createSiteRenderer, siteBuildRequested } from './site-renderer.js';
import { createWebApp, SITE_BUILD_DIR } from './web-app.js';
import { httpServerFor } from '../../api/src/test-support/http-server.js';

const SUPER_ADMIN = { email: 'start-up@example.org', password: 'start-up-password-1' };
const built = existsSync(path.join(SITE_BUILD_DIR, 'server', 'entry.mjs'));
const notBuilt = !built && 'the site is not built (npm run build)';

interface Running {
  runtime: Runtime;
  server: Server;
  baseUrl: string;
}

async function startServer(database: TestDatabase): Promise<Running> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl && { DATABASE_URL: database.databaseUrl }),
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
    SEED_DEMO: 'true',
  });
  const runtime = await startRuntime(config, createLogger('silent'));
  const renderSite = createSiteRenderer(runtime, { buildDir: SITE_BUILD_DIR });
  const server = httpServerFor(createWebApp(runtime, { renderSite }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { runtime, server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Starts once to create the data (the super admin's password is hashed then), stops, starts again. */
async function restart(database: TestDatabase): Promise<Running> {
  const first = await startServer(database);
  await new Promise<void>((resolve) => first.server.close(() => resolve()));
  await first.runtime.close();
  return startServer(database);
}

async function stop(running: Running | undefined): Promise<void> {
  if (running) await new Promise<void>((resolve) => running.server.close(() => resolve()));
  await running?.runtime.close();
}

// Vike is loaded once per process and build, so this runs first in the file and on one engine: the
// renderer does not depend on the database.
describe('a restart on existing data', skipWhen(notBuilt), () => {
  let database: TestDatabase | undefined;
  let running: Running | undefined;
  afterEach(async () => {
    await stop(running);
    await database?.drop();
  });

  it('is healthy without loading the site renderer; the first page loads it', async () => {
    database = await createTestDatabase('sqlite');
    running = await restart(database);
    expect((await fetch(`${running.baseUrl}/api/health`)).status).toBe(200);
    expect((await fetch(`${running.baseUrl}/api/faqs`)).status).toBe(200);
    expect(siteBuildRequested(SITE_BUILD_DIR)).toBe(false);

    expect((await fetch(`${running.baseUrl}/`)).status).toBe(200);
    expect(siteBuildRequested(SITE_BUILD_DIR)).toBe(true);
  });
});

describeEngines('a restart on existing data, on %s', notBuilt, (engine) => {
  let database: TestDatabase | undefined;
  let running: Running | undefined;
  afterEach(async () => {
    await stop(running);
    await database?.drop();
  });

  it('is healthy without hashing a password; the first sign-in starts the password workers', async () => {
    database = await createTestDatabase(engine);
    running = await restart(database);
    expect(passwordWorkersStarted()).toBe(false);
    expect((await fetch(`${running.baseUrl}/api/health`)).status).toBe(200);
    expect(passwordWorkersStarted()).toBe(false);

    const login = await fetch(`${running.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SUPER_ADMIN),
    });
    expect(login.status).toBe(200);
    expect(passwordWorkersStarted()).toBe(true);
  });
});

describe('a fresh install on a machine whose cores are all busy', () => {
  let server: ServerProcess | undefined;
  let database: TestDatabase | undefined;
  afterEach(async () => {
    if (server) await killServer(server);
    await database?.drop();
  });

  // Start-up hashes the new super admin's password. On a worker at the lowest priority (the visitors'
  // pool) that hash got no time while other processes kept every core busy: the server was not
  // healthy after 20 s. An operator's hash runs on the worker at normal priority (issue 19).
  builtServerTest(
    "becomes healthy while other processes keep every core busy: its super admin's hash is not starved",
    async () => {
      database = await createTestDatabase('sqlite');
      const spinners = Array.from({ length: availableParallelism() }, () =>
        spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
      );
      try {
        server = await spawnBuiltServer({
          NODE_ENV: 'production',
          JWT_SECRET: 'start-up-test-secret-that-is-long-enough-0',
          DATA_DIR: database.dataDir,
        });
        await waitForHealth(server);
        expect(server.stdout()).toContain('super admin created with a one-time password');
      } finally {
        for (const spinner of spinners) spinner.kill('SIGKILL');
      }
    },
    40_000,
  );
});
