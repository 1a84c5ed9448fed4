/**
 * An unusable DATA_DIR or DATABASE_URL stops the BUILT server with one line naming the setting, the
 * place and the reason: exit 1, no stack trace, no password.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  builtServerTest,
  freePort,
  killServer,
  serverNotBuilt,
  spawnBuiltServer,
  type ServerProcess,
} from '../test-support/built-server.js';
import { postgresSkipReason } from '../test-support/databases.js';
import { skipWhen } from '../test-support/skips.js';
import { redactDatabaseUrl } from './storage-check.js';

const built = builtServerTest;
/** Root writes through any mode bits: a read-only directory only refuses other users. */
const asRoot = process.getuid?.() === 0;

const JWT_SECRET = 'storage-check-secret-that-is-long-enough-01';

describe('start-up with unusable storage', () => {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await killServer(server);
    for (const dir of dirs.splice(0)) {
      chmodSync(dir, 0o755);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  function scratchDir(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'npo-storage-'));
    dirs.push(dir);
    return dir;
  }

  /** A DATA_DIR nobody can create, not even root: its parent is a regular file. */
  function uncreatableDataDir(): string {
    const file = path.join(scratchDir(), 'a-file');
    writeFileSync(file, '');
    return path.join(file, 'data');
  }

  /** Starts the built server and expects it to stop at once with exit 1 and one line on stderr. */
  async function failedStart(env: Record<string, string>): Promise<string> {
    const server = await spawnBuiltServer({ SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env });
    servers.push(server);
    const exit = await server.exited;
    const lines = server.stderr().trim().split('\n');
    expect(exit, server.stderr()).toEqual({ code: 1, signal: null });
    expect(lines, server.stderr()).toHaveLength(1);
    expect(server.stderr()).not.toMatch(/^\s+at /m);
    // Nothing on stdout either: knex's pool once printed the failed connection's stack there (issue 19).
    expect(server.stdout()).toBe('');
    return lines[0]!;
  }

  built('a DATA_DIR that cannot be created, with JWT_SECRET set (the runtime notices)', async () => {
    const dataDir = uncreatableDataDir();
    const line = await failedStart({ NODE_ENV: 'production', JWT_SECRET, DATA_DIR: dataDir });
    expect(line).toBe(`DATA_DIR ${dataDir} cannot be created or written: not a directory (ENOTDIR)`);
  });

  built('a DATA_DIR that cannot be created, without JWT_SECRET (the local secret is kept there)', async () => {
    const dataDir = uncreatableDataDir();
    const line = await failedStart({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(line).toMatch(/^DATA_DIR /);
    expect(line).toContain(dataDir);
    expect(line).toContain('not a directory (ENOTDIR');
  });

  it(
    'a read-only DATA_DIR',
    skipWhen(serverNotBuilt || (asRoot && 'running as root, which writes through mode bits')),
    async () => {
      const dataDir = scratchDir();
      chmodSync(dataDir, 0o555);
      const line = await failedStart({ NODE_ENV: 'production', JWT_SECRET, DATA_DIR: dataDir });
      expect(line).toBe(`DATA_DIR ${dataDir} cannot be created or written: permission denied (EACCES)`);
    },
  );

  built('a DATABASE_URL nothing listens on, with its password hidden', async () => {
    const port = await freePort();
    const line = await failedStart({
      NODE_ENV: 'production',
      JWT_SECRET,
      DATA_DIR: scratchDir(),
      DATABASE_URL: `postgres://app:s3cret-pass@127.0.0.1:${port}/npo`,
    });
    expect(line).toBe(
      `DATABASE_URL postgres://app:***@127.0.0.1:${port}/npo cannot be used: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it('a DATABASE_URL whose login is refused', skipWhen(serverNotBuilt || postgresSkipReason), async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.username = 'no_such_role';
    url.password = 's3cret-pass';
    const line = await failedStart({
      NODE_ENV: 'production',
      JWT_SECRET,
      DATA_DIR: scratchDir(),
      DATABASE_URL: url.toString(),
    });
    expect(line).toMatch(/^DATABASE_URL postgres:\/\/no_such_role:\*\*\*@.* cannot be used: .*no_such_role/);
    expect(line).not.toContain('s3cret-pass');
  });
});

describe('redactDatabaseUrl', () => {
  it('hides the password and keeps the rest', () => {
    expect(redactDatabaseUrl('postgres://app:p%40ss@db.internal:5432/npo?sslmode=require')).toBe(
      'postgres://app:***@db.internal:5432/npo?sslmode=require',
    );
    expect(redactDatabaseUrl('postgres://db.internal/npo')).toBe('postgres://db.internal/npo');
  });
});
