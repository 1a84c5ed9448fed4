/** Knex on the embedded SQLite file (default) or on PostgreSQL when DATABASE_URL says so. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { registerFold } from './search.js';

export type Db = Knex;

export interface DbOptions {
  databaseUrl?: string | undefined;
  sqliteFile?: string;
}

export function isPostgres(db: Knex): boolean {
  return db.client.config.client === 'pg';
}

export function createDb(options: DbOptions): Knex {
  if (options.databaseUrl) {
    return knex({ client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: 10 } });
  }
  if (!options.sqliteFile) throw new Error('createDb needs a databaseUrl or a sqliteFile');
  mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  return knex({
    client: 'better-sqlite3',
    connection: { filename: options.sqliteFile },
    useNullAsDefault: true,
    pool: {
      afterCreate(
        connection: { pragma(source: string): unknown } & Parameters<typeof registerFold>[0],
        done: (error: Error | null) => void,
      ) {
        // WAL lets readers run beside the writer; the busy timeout waits for a lock instead of failing.
        connection.pragma('journal_mode = WAL');
        connection.pragma('foreign_keys = ON');
        connection.pragma('busy_timeout = 5000');
        connection.pragma('synchronous = NORMAL');
        // fold(text): the case- and accent-insensitive form the admin list searches compare (search.ts).
        registerFold(connection);
        done(null);
      },
    },
  });
}

export async function pingDb(db: Knex): Promise<boolean> {
  try {
    await db.raw('select 1');
    return true;
  } catch {
    return false;
  }
}

/** Rewrites the one health_probe row: a write as small as a write can be, that still has to commit. */
export async function probeWrite(db: Knex, now: Date): Promise<void> {
  await db('health_probe').insert({ id: 1, probed_at: now.getTime() }).onConflict('id').merge();
}
