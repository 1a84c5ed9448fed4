/**
 * Issue 52 item 12: app.db, backups and the outbox's mails were 0644 while jwt-secret was 0600. The
 * built server and the admin CLI create everything in DATA_DIR for their owner only: 0600 files,
 * 0700 folders.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect } from 'vitest';
import {
  builtServerTest,
  killServer,
  REPOSITORY_ROOT,
  spawnBuiltServer,
  waitForHealth,
  waitUntil,
  type ServerProcess,
} from './test-support/built-server.js';
import { createTestDatabase, type TestDatabase } from './test-support/databases.js';

const run = promisify(execFile);
const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe('file modes in DATA_DIR', () => {
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  afterEach(async () => {
    if (server) await killServer(server);
    await database?.drop();
  });

  builtServerTest(
    'the database, its -wal and -shm, the outbox and backups are 0600 in 0700 folders',
    async () => {
      database = await createTestDatabase('sqlite');
      const dataDir = path.join(database.dataDir, 'data');
      const env = { NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dataDir };
      server = await spawnBuiltServer(env);
      await waitForHealth(server);
      const email = 'modes@example.org';
      const registered = await fetch(`${server.baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'File Modes', email, password: 'modes-password-1' }),
      });
      expect(registered.status).toBe(201);
      await fetch(`${server.baseUrl}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      const outbox = path.join(dataDir, 'outbox');
      await waitUntil(
        server,
        'the reset mail in the outbox',
        () => existsSync(outbox) && readdirSync(outbox).length > 0,
      );
      await run(process.execPath, [path.join(REPOSITORY_ROOT, 'api/dist/cli.js'), 'backup'], {
        cwd: REPOSITORY_ROOT,
        env: { PATH: process.env.PATH ?? '', ...env },
      });
      const backups = path.join(dataDir, 'backups');
      const files = [
        'app.db',
        'app.db-wal',
        'app.db-shm',
        'jwt-secret',
        ...readdirSync(outbox).map((name) => path.join('outbox', name)),
        ...readdirSync(backups).map((name) => path.join('backups', name)),
      ];
      expect(readdirSync(backups).length).toBeGreaterThan(0);
      expect(Object.fromEntries(files.map((file) => [file, modeOf(path.join(dataDir, file))]))).toEqual(
        Object.fromEntries(files.map((file) => [file, '600'])),
      );
      expect([dataDir, outbox, backups].map(modeOf)).toEqual(['700', '700', '700']);
    },
    60_000,
  );
});
