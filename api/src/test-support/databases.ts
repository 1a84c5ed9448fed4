/**
 * Each test file gets its own database: a fresh SQLite file, and, when TEST_DATABASE_URL is set,
 * a fresh PostgreSQL database created beside it and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knex from 'knex';

export type Engine = 'sqlite' | 'postgres';

export interface TestDatabase {
  engine: Engine;
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

let announced = false;

/** The engines this run covers; says once, in the output, why PostgreSQL is left out. */
export function testEngines(): Engine[] {
  if (process.env.TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  if (!announced) {
    announced = true;
    console.warn('PostgreSQL suites not run: TEST_DATABASE_URL is not set (SQLite suites run).');
  }
  return ['sqlite'];
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
