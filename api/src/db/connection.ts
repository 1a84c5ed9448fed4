/** Knex on the embedded SQLite file (default) or on PostgreSQL when DATABASE_URL says so. */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import knex, { type Knex } from 'knex';
import type { CheckpointAnswer, CheckpointWorkerData } from './checkpoint-worker.js';
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
  mkdirSync(path.dirname(options.sqliteFile), { recursive: true, mode: 0o700 });
  ownerOnly(options.sqliteFile);
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
        // Deleted rows are overwritten with zeros, not left in free pages (issue 52 item 9: an erased
        // member's old row stayed readable in app.db).
        connection.pragma('secure_delete = ON');
        // fold(text): the case- and accent-insensitive form the admin list searches compare (search.ts).
        registerFold(connection);
        reusePreparedStatements(connection);
        done(null);
      },
    },
  });
}

/**
 * The database file exists, readable and writable by its owner only (issue 52 item 12): SQLite gives
 * its -wal and -shm files the mode of the database file.
 */
function ownerOnly(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

/**
 * After an erasure (issue 52 item 9): on SQLite the write-ahead log still holds the pages as they
 * were, the member's address among them, until it is checkpointed and truncated. PostgreSQL keeps
 * dead rows until VACUUM instead (docs/security.md). Never fails the caller: a busy checkpoint is
 * done by the next one.
 */
export async function forgetOldPages(db: Knex, logger?: { warn(obj: object, msg: string): void }): Promise<void> {
  if (isPostgres(db)) return;
  try {
    await db.raw('pragma wal_checkpoint(TRUNCATE)');
  } catch (error) {
    logger?.warn({ err: error }, 'the write-ahead log was not checkpointed after an erasure');
  }
}

/**
 * The checkpoint worker's module, from the build output (`npm run build`) as the password pool's: the
 * same file under vitest (which runs the TypeScript sources) as in the server.
 */
const CHECKPOINT_WORKER = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/db/checkpoint-worker.js', import.meta.url)
  : new URL('./checkpoint-worker.js', import.meta.url);

function checkpointInWorker(file: string): Promise<CheckpointAnswer> {
  return new Promise((resolve, reject) => {
    if (!existsSync(CHECKPOINT_WORKER)) {
      reject(new Error(`checkpoint worker ${CHECKPOINT_WORKER.pathname} is not built (npm run build)`));
      return;
    }
    const worker = new Worker(CHECKPOINT_WORKER, { workerData: { file } satisfies CheckpointWorkerData });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the checkpoint worker exited (${code}) without answering`)));
  });
}

/**
 * Runs `write`, one large transaction (a members import), with SQLite's automatic checkpoint off for
 * the server's connection, then checkpoints from a worker thread (issue 51). Else the transaction's
 * COMMIT also copies the whole write-ahead log into the database (about 160 MB for 50,000 members)
 * in the same turn of the event loop: the checkpoint takes longer than the rest of the commit. The
 * connection's own setting is back once the checkpoint is done, so the log never grows past such a
 * transaction and what others wrote meanwhile. Should the worker fail, the checkpoint runs on the
 * connection in a turn of its own. PostgreSQL commits off the event loop: `write` runs as it is.
 */
export async function checkpointAfter<T>(
  db: Knex,
  write: () => Promise<T>,
  logger?: { warn(obj: object, msg: string): void },
): Promise<T> {
  const file = (db.client as Knex.Client).config.connection as { filename?: string } | undefined;
  if (isPostgres(db) || !file?.filename || file.filename === ':memory:') return write();
  const [setting] = await db.raw<{ wal_autocheckpoint: number }[]>('pragma wal_autocheckpoint');
  await db.raw('pragma wal_autocheckpoint = 0');
  try {
    return await write();
  } finally {
    let checkpointed = false;
    try {
      await checkpointInWorker(file.filename);
      checkpointed = true;
    } catch (error) {
      logger?.warn({ err: error }, 'the checkpoint worker failed: checkpointing on the connection');
    }
    try {
      await db.raw(`pragma wal_autocheckpoint = ${Number(setting?.wal_autocheckpoint ?? 1000)}`);
      if (!checkpointed) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        await db.raw('pragma wal_checkpoint(PASSIVE)');
      }
    } catch (error) {
      logger?.warn({ err: error }, 'the write-ahead log was not checkpointed after a large write');
    }
  }
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
