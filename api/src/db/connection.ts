/** Knex on the embedded SQLite file (default) or on PostgreSQL when DATABASE_URL says so. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { registerFold } from './fold.js';
import { reusePreparedStatements } from './prepared-statements.js';

export type Db = Knex;

export interface DbOptions {
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL: the longest a statement may run (STATEMENT_TIMEOUT_MS unless given; 0 means none). */
  statementTimeoutMs?: number;
}

/**
 * Issue 19, no staff query can stall the site: on PostgreSQL every connection of the pool is opened with
 * statement_timeout, so no statement (an admin search, a page of an export) holds a connection longer;
 * the error handler answers a stopped one with 503 and the envelope (db/faults.ts: SQLSTATE 57014).
 * A per-connection setting, not SET LOCAL per request: requests run their statements on any pooled
 * connection, mostly outside transactions. Every list and search takes milliseconds on the large data
 * and exports read in pages (lib/csv.ts), so 5 s is far above legitimate work. Migrations lift
 * it inside their transaction (migrate.ts). SQLite cannot interrupt a statement (better-sqlite3 is
 * synchronous, without a progress handler): there the work itself is bounded instead (searches stop at
 * a capped count, exports read pages of EXPORT_PAGE rows by id).
 */
export const STATEMENT_TIMEOUT_MS = 5_000;

export function isPostgres(db: Knex): boolean {
  return (db.client as Knex.Client).config.client === 'pg';
}

/**
 * Knex's own messages. A failed connection is an error the caller gets, and answers or reports in one
 * line (startup/storage-check.ts, the error handler): knex's pool would also print it with its stack
 * on stdout ("Acquire connection error"), so that one is dropped. Other warnings go to stderr.
 */
const KNEX_LOG = {
  warn(message: string) {
    if (!message.startsWith('Acquire connection error')) console.warn(message);
  },
  error: (message: string) => console.error(message),
  deprecate: (message: string) => console.warn(message),
  debug() {},
};

export function createDb(options: DbOptions): Knex {
  if (options.databaseUrl) {
    const statementTimeout = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
    return knex({
      client: 'pg',
      // node-postgres sends statement_timeout with the connection's start-up parameters.
      connection: { connectionString: options.databaseUrl, statement_timeout: statementTimeout },
      pool: { min: 0, max: 10 },
      log: KNEX_LOG,
    });
  }
  if (!options.sqliteFile) throw new Error('createDb needs a databaseUrl or a sqliteFile');
  mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  return knex({
    client: 'better-sqlite3',
    connection: { filename: options.sqliteFile },
    useNullAsDefault: true,
    log: KNEX_LOG,
    pool: {
      afterCreate(
        connection: { pragma(source: string): unknown } & Parameters<typeof registerFold>[0] &
          Parameters<typeof reusePreparedStatements>[0],
        done: (error: Error | null) => void,
      ) {
        // WAL lets readers run beside the writer; the busy timeout waits for a lock instead of failing.
        connection.pragma('journal_mode = WAL');
        connection.pragma('foreign_keys = ON');
        connection.pragma('busy_timeout = 5000');
        connection.pragma('synchronous = NORMAL');
        // fold(text): the case- and accent-insensitive form the admin list searches compare (search.ts).
        registerFold(connection);
        reusePreparedStatements(connection);
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
