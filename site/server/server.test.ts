/**
 * Smoke test of the BUILT production server (site/dist/server/main.js), as `npm start` runs it:
 * a real process, a real port, real signals.
 */
import { afterEach, expect } from 'vitest';
import {
  builtServerTest,
  killServer,
  spawnBuiltServer,
  waitForHealth,
  type ServerProcess,
} from '../../api/src/test-support/built-server.js';
import { createTestDatabase, describeEngines, type TestDatabase } from '../../api/src/test-support/databases.js';

const smoke = builtServerTest;

const JWT_SECRET = 'smoke-test-secret-that-is-long-enough-0123';

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describeEngines('the built production server on %s', (engine) => {
  const servers: ServerProcess[] = [];
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await killServer(server);
    for (const database of databases.splice(0)) await database.drop();
  });

  async function start(env: Record<string, string>): Promise<ServerProcess> {
    const database = await createTestDatabase(engine);
    databases.push(database);
    const server = await spawnBuiltServer({
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl && { DATABASE_URL: database.databaseUrl }),
      ...env,
    });
    servers.push(server);
    return server;
  }

  smoke(
    'starts, serves the API, the site and the console, and stops cleanly on SIGTERM',
    async () => {
      const server = await start({ NODE_ENV: 'production', JWT_SECRET, SEED_DEMO: 'true', LOG_LEVEL: 'info' });
      await waitForHealth(server);

      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok' });

      for (const path of ['/', '/admin']) {
        const page = await fetch(`${server.baseUrl}${path}`);
        expect(page.status, path).toBe(200);
        expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
        expect(await page.text(), path).toMatch(/^<!doctype html>/i);
      }

      const cards = await fetch(`${server.baseUrl}/api/membership-cards`);
      expect(cards.status).toBe(200);
      const body = (await cards.json()) as { success: boolean; data: { cards: unknown[] } };
      expect(body.success).toBe(true);
      expect(body.data.cards).toHaveLength(6);

      const unknown = await fetch(`${server.baseUrl}/api/nothing-here`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ success: false });

      // Structured JSON logs on stdout, with the fresh install's one-time super admin password.
      const logLines = server
        .stdout()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { msg: string });
      expect(logLines.map((line) => line.msg)).toEqual(
        expect.arrayContaining(['demo content seeded', 'server listening']),
      );
      expect(logLines.some((line) => /one-time password/.test(line.msg))).toBe(true);

      const stopping = Date.now();
      server.child.kill('SIGTERM');
      const exit = await within(server.exited, 10_000, 'exit after SIGTERM');
      expect(exit).toEqual({ code: 0, signal: null });
      expect(Date.now() - stopping).toBeLessThan(10_000);
      expect(server.stdout()).toContain('shutting down');
      expect(server.stderr()).not.toMatch(/error/i);
    },
    45_000,
  );

  smoke('refuses to start in production without JWT_SECRET, naming it', async () => {
    const server = await start({ NODE_ENV: 'production', SEED_DEMO: 'true', LOG_LEVEL: 'info' });
    const exit = await within(server.exited, 15_000, 'exit without JWT_SECRET');
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(server.stderr()).toMatch(/JWT_SECRET/);
  });

  smoke('refuses a bad PORT, naming it', async () => {
    const server = await start({ NODE_ENV: 'production', JWT_SECRET, PORT: 'eighty' });
    const exit = await within(server.exited, 15_000, 'exit with a bad PORT');
    expect(exit.code).not.toBe(0);
    expect(server.stderr()).toMatch(/\bPORT\b/);
  });
});
