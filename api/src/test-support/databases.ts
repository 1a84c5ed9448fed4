/**
 * Each test file gets its own database: a fresh SQLite file, and, when TEST_DATABASE_URL is set,
 * a fresh PostgreSQL database created beside it and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { describe } from 'vitest';
import { skipWhen } from './skips.js';

export type Engine = 'sqlite' | 'postgres';

export interface TestDatabase {
  engine: Engine;
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/**
 * TEST_ENGINES=sqlite: a run that covers SQLite alone, by choice. CI's second run, on Node 22, is one:
 * it checks the oldest supported runtime, and what differs between the engines is SQL, which the first
 * run (Node 24) covers on both. Such a run does not hold the PostgreSQL suites at all, rather than
 * reporting each of their tests as skipped; the few tests that need PostgreSQL alone still say why.
 */
const sqliteOnly = process.env.TEST_ENGINES === 'sqlite';

/** Why the PostgreSQL suites of this run are skipped, or undefined when they run. */
export const postgresSkipReason: string | undefined = sqliteOnly
  ? 'this run covers SQLite only (TEST_ENGINES=sqlite)'
  : process.env.TEST_DATABASE_URL
    ? undefined
    : 'TEST_DATABASE_URL is not set';

/** The engines this run covers. */
export function testEngines(): Engine[] {
  return postgresSkipReason ? ['sqlite'] : ['sqlite', 'postgres'];
}

/**
 * `describe.each(engines)` for the database suites: one suite per engine, `%s` in the name standing
 * for it. An engine this run does not cover still gets its suite, skipped with the reason (so a run
 * without PostgreSQL reports its tests as skipped instead of leaving them out), unless the run chose
 * SQLite alone (TEST_ENGINES); every engine's suite is skipped when `skipReason` is given (a suite that
 * needs the build, say).
 */
export function describeEngines(name: string, suite: (engine: Engine) => void): void;
export function describeEngines(name: string, skipReason: string | false, suite: (engine: Engine) => void): void;
export function describeEngines(
  name: string,
  ...args: [(engine: Engine) => void] | [string | false, (engine: Engine) => void]
): void {
  const [skipReason, suite]: [string | false, (engine: Engine) => void] = args.length === 1 ? [false, args[0]] : args;
  for (const engine of sqliteOnly ? (['sqlite'] as const) : (['sqlite', 'postgres'] as const)) {
    const reason = skipReason || (engine === 'postgres' ? postgresSkipReason : undefined);
    describe(name.replace('%s', engine), skipWhen(reason), () => suite(engine));
  }
}

export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'npo-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') {
    return { engine, dataDir, databaseUrl: undefined, drop: async () => removeDir() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for PostgreSQL tests');
  const name = `npo_test_${randomBytes(6).toString('hex')}`;
  const admin = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    engine,
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
      removeDir();
    },
  };
}
