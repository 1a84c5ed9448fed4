/**
 * A suite's own database of one engine, migrated to the latest schema before its tests and dropped
 * after them: what most database suites start from.
 */
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createDb, type Db } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTestDatabase, type Engine, type TestDatabase } from './databases.js';

export interface MigratedDatabase {
  /** The connection, from the suite's first beforeAll on. */
  readonly db: Db;
  readonly database: TestDatabase;
}

/** Registers the suite's beforeAll and afterAll: call it in the describe block, before other hooks. */
export function useMigratedDatabase(engine: Engine): MigratedDatabase {
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = createDb({ databaseUrl: database.databaseUrl, sqliteFile: path.join(database.dataDir, 'app.db') });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  const made = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the suite's ${what} is made in its beforeAll`);
    return value;
  };
  return {
    get db() {
      return made(db, 'database connection');
    },
    get database() {
      return made(database, 'database');
    },
  };
}
