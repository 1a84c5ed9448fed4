/**
 * Staff reads that cost milliseconds each (message searches, the pages of a CSV export) run off the
 * event loop. On SQLite a query blocks the thread that runs it: four admins searching and exporting
 * on the large data kept the event loop busy most of the time, and a visitor's cached page waited
 * behind each query (issue 19: GET / p99 eight times idle). Here they run on one worker thread with
 * its own read-only connection to the same file (WAL lets it read beside the writer), at a lower
 * priority than the site's thread: when cores are scarce, serving pages comes first.
 * PostgreSQL runs queries in its own processes, but their answers are parsed where they are read:
 * a search's 1,000 ids and an export's pages of rows, parsed on the event loop, kept it 43 % busy under
 * that load. So there too staff reads run on a thread of their own, with a connection of its own.
 *
 * A query is built with Knex as usual and handed over as its SQL and bindings; `run` resolves to what
 * awaiting the builder would (rows, the first row, or a plucked column), `csvPage` to a page of CSV.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import * as csv from '../lib/csv.js';
import { idleWorker } from '../lib/idle-worker.js';
import { isPostgres, type Db } from './connection.js';
import { foldRow, foldText } from './fold.js';
import * as rowValues from './rows.js';

export interface StaffReads {
  /** What `await query` would give, read on the staff thread. */
  run<T>(query: Knex.QueryBuilder): Promise<T>;
  /**
   * A page of a CSV export: the rows `query` reads, as CSV in the order of `ids` (lib/csv.ts
   * csvPageText), formatted and encoded as UTF-8 where they were read. Only the bytes reach the event
   * loop, handed over without a copy: a page's rows, dates, cells and text never do (issue 19: 4
   * exports at once kept the event loop busy formatting, encoding and collecting their garbage).
   */
  csvPage(query: Knex.QueryBuilder, ids: readonly number[], format: csv.CsvFormat): Promise<Buffer>;
  /** A statement that answers no rows (SQLite's VACUUM INTO for a backup), on the same thread. */
  execute(sql: string, bindings: unknown[]): Promise<void>;
  close(): Promise<void>;
}

interface Request {
  id: number;
  sql: string;
  bindings: unknown[];
  /** Run, answering no rows, instead of reading every row. */
  execute?: boolean;
  /** Answer the first column's values, not row objects: an export's 50,000 ids cross as numbers. */
  pluck?: boolean;
  /** Answer the rows as one CSV page in the order of these ids (csvPageText), not the rows. */
  csv?: { ids: readonly number[]; format: csv.CsvFormat };
}

type Reply =
  | { id: number; rows: unknown[] }
  | { id: number; bytes: Uint8Array }
  | { id: number; changes: number }
  | { id: number; error: string; code?: string };

/** The page as UTF-8, in an ArrayBuffer of its own: it is transferred to the event loop, not copied. */
type PageFormatter = (
  rows: Record<string, unknown>[],
  ids: readonly number[],
  format: csv.CsvFormat,
) => Uint8Array<ArrayBuffer>;

/*
 * The workers' bodies are sent as source text, with the functions they call before them (the CSV
 * functions, foldText and foldRow), so they may use nothing from this module's scope, imports
 * included (vitest rewrites those): the same code then runs under vitest and in the built server.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- an eval'd worker is a CommonJS script */

/**
 * Lowers the calling thread below the site's (a nice value is per thread on Linux): when cores are
 * scarce, serving pages comes first. Not the idle scheduling class: under a sustained load that
 * nearly starves the thread, and a staff search or export waits as long as the load lasts (a 50 ms
 * read took 18.5 s beside four busy processes on two cores, 0.7 s at nice 10). As the SMTP thread
 * (mail/smtp-thread.ts).
 */
function toLowPriority(): void {
  try {
    (require('node:os') as typeof import('node:os')).setPriority(10);
  } catch {
    // Not permitted: the thread runs at the site's priority.
  }
}

/**
 * A connection of a thread's own to the SQLite file: read-only, or writable and set up as the site's
 * connection is (connection.ts). Also opened by the SMTP thread, which marks the mails it sent.
 */
function openSqlite(driverPath: string, file: string, writable: boolean): import('better-sqlite3').Database {
  const Database = require(driverPath) as typeof import('better-sqlite3');
  const connection = new Database(file, { readonly: !writable, fileMustExist: true });
  // A background write waits as long as the longest transaction of the site may hold the write lock
  // (a members import of 50,000 rows takes about 40 s): failing, a delivered mail's mark would be lost
  // and the mail sent again at the next start. Only the writing thread waits.
  connection.pragma(`busy_timeout = ${writable ? 120_000 : 5000}`);
  if (writable) {
    connection.pragma('foreign_keys = ON');
    connection.pragma('synchronous = NORMAL');
  }
  return connection;
}

/**
 * A failed request's reply, as a thread posts it: the message, with the database's code (SQLITE_FULL,
 * SQLITE_BUSY, a SQLSTATE: db/faults.ts), which errorOfReply gives back to the error handler.
 */
function errorReply(error: unknown): { error: string; code?: string } {
  const { message, code } = (error ?? {}) as { message?: string; code?: string };
  return { error: message ?? String(error), ...(code && { code }) };
}

/**
 * SQLite: every staff read, on a read-only connection; or, `writable`, the writes of background work
 * (threadWrites), set up as the site's connection is. `fold` is foldRow, `formatPage` csvPageText.
 */
function sqliteWorker(fold: (value: string) => string, formatPage: PageFormatter): void {
  const threads = require('node:worker_threads') as typeof import('node:worker_threads');
  const { parentPort } = threads;
  const { file, driverPath, writable } = threads.workerData as { file: string; driverPath: string; writable: boolean };
  toLowPriority();
  const connection = openSqlite(driverPath, file, writable);
  connection.function('fold', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? fold(value) : value,
  );
  parentPort!.on('message', ({ id, sql, bindings, execute, pluck, csv: page }: Request) => {
    try {
      const statement = connection.prepare(sql);
      if (execute) {
        parentPort!.postMessage({ id, changes: statement.run(...bindings).changes });
        return;
      }
      if (page) {
        const bytes = formatPage(statement.all(...bindings) as Record<string, unknown>[], page.ids, page.format);
        parentPort!.postMessage({ id, bytes }, [bytes.buffer]);
        return;
      }
      parentPort!.postMessage({ id, rows: statement.pluck(pluck === true).all(...bindings) });
    } catch (error) {
      parentPort!.postMessage({ id, ...errorReply(error) });
    }
  });
}

/**
 * PostgreSQL: every staff read, over a connection of its own opened as the pool's are (with
 * statement_timeout). A lost connection ends the thread; the next read starts a fresh one.
 */
function postgresWorker(formatPage: PageFormatter): void {
  const threads = require('node:worker_threads') as typeof import('node:worker_threads');
  const { parentPort } = threads;
  const { connection, driverPath } = threads.workerData as { connection: object; driverPath: string };
  const pg = require(driverPath) as typeof import('pg');
  toLowPriority();
  const client = new pg.Client(connection);
  const connected = client.connect();
  // A connection that failed or was lost ends the thread, once the reads it held are answered with
  // their error: the next read starts a fresh one.
  const end = () => setImmediate(() => process.exit(1));
  connected.catch(end);
  client.on('error', end);
  async function answer({ id, sql, bindings, pluck, csv: page }: Request): Promise<void> {
    try {
      await connected;
      const { rows } = await client.query<Record<string, unknown>>(sql, bindings);
      if (page) {
        const bytes = formatPage(rows, page.ids, page.format);
        parentPort!.postMessage({ id, bytes }, [bytes.buffer]);
        return;
      }
      parentPort!.postMessage({ id, rows: pluck ? rows.map((row) => Object.values(row)[0]) : rows });
    } catch (error) {
      parentPort!.postMessage({ id, ...errorReply(error) });
    }
  }
  parentPort!.on('message', (request: Request) => void answer(request));
}
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * openSqlite's and errorReply's sources, for every thread of ours that holds a database connection:
 * the staff reads' workers and the writes' thread here, and the SMTP thread that writes the mailer's
 * marks (smtp-thread.ts), so its connection is set up, and its failures answered, as theirs are.
 */
export const SQLITE_THREAD_SOURCE = [openSqlite, errorReply].map(String).join('\n');

/** What both workers' sources start with: the CSV functions, reading values with db/rows.ts's own. */
const CSV_SOURCE = [
  // The CSV functions call each other and FORMULA_START by name.
  `const FORMULA_START = ${csv.FORMULA_START.toString()};`,
  ...[csv.neutralised, csv.cellText, csv.quoted, csv.csvLine, csv.csvCellOf, csv.csvPageText].map(String),
  ...[rowValues.toBool, rowValues.toIso, rowValues.toIsoOrNull, rowValues.toJson].map(String),
  'const rowValues = { toBool, toIsoOrNull, toJson };',
  'const encoder = new TextEncoder();',
  'const formatPage = (rows, ids, format) => encoder.encode(csvPageText(rows, ids, format, rowValues));',
  toLowPriority.toString(),
  SQLITE_THREAD_SOURCE,
];

// foldRow keeps the characters it folded in `foldedChars`; the worker gets its own.
const SQLITE_SOURCE = [
  ...CSV_SOURCE,
  'const foldedChars = new Map();',
  foldText.toString(),
  foldRow.toString(),
  `(${sqliteWorker.toString()})(foldRow, formatPage);`,
].join('\n');

const POSTGRES_SOURCE = [...CSV_SOURCE, `(${postgresWorker.toString()})(formatPage);`].join('\n');

const resolve = createRequire(import.meta.url).resolve;

/** What a request answers: rows, a CSV page's bytes, or the rows a statement changed. */
type Answer = unknown[] | Buffer | number;

function answerOfReply(reply: Exclude<Reply, { error: string }>): Answer {
  if ('bytes' in reply) return Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength);
  return 'changes' in reply ? reply.changes : reply.rows;
}

/**
 * How long a staff or background thread waits for its next request before it ends (lib/idle-worker.ts);
 * the next request starts a fresh one (a few tens of milliseconds, on its own thread).
 */
const THREAD_IDLE_MS = 60_000;

/** A thread that answers requests one by one (lib/idle-worker.ts); a crashed one fails what it held. */
function staffThread(source: string, workerData: object, idleMs = THREAD_IDLE_MS) {
  return idleWorker<Omit<Request, 'id'>, Reply, Answer>({
    start: () => new Worker(source, { eval: true, workerData }),
    idleMs,
    // The SQLSTATE goes with the message: the error handler answers a stopped statement with 503.
    settle: (reply) => ('error' in reply ? { error: errorOfReply(reply) } : { answer: answerOfReply(reply) }),
    stoppedMessage: 'staff read worker exited',
  });
}

/** As Knex's better-sqlite3 client binds values: dates as milliseconds, booleans as 0 and 1. */
function sqliteBinding(value: unknown): unknown {
  if (value instanceof Date) return value.valueOf();
  if (typeof value === 'boolean') return Number(value);
  return value;
}

/** What Knex answers for a select of this method, from the rows (its sqlite3 processResponse); a pluck came plucked. */
function answerOf(method: string, rows: unknown[]): unknown {
  return method === 'first' ? rows[0] : rows;
}

/** The query's SQL, announced by Knex's own 'query' event as if Knex had run it: query logs and the plan tests see staff reads too. */
function announced(db: Db, query: Knex.QueryBuilder) {
  const sql = query.toSQL() as Knex.Sql & { method: string; pluck?: string };
  (db.client as Knex.Client).emit('query', sql);
  return sql;
}

type StaffThread = ReturnType<typeof staffThread>;
type CompiledQuery = ReturnType<typeof announced>;
/** The statement the thread runs for a compiled query: its engine's SQL and bindings. */
type StatementOf = (compiled: CompiledQuery) => { sql: string; bindings: unknown[] };

/** Reads on `thread`, each query announced as Knex would and turned into the engine's statement. */
function threadReads(db: Db, thread: StaffThread, statementOf: StatementOf): Pick<StaffReads, 'run' | 'csvPage'> {
  return {
    async run<T>(query: Knex.QueryBuilder): Promise<T> {
      const compiled = announced(db, query);
      // Knex selects the plucked column alone: its values are the statement's first column.
      const pluck = compiled.method === 'pluck' && compiled.pluck !== undefined;
      const rows = (await thread.send({ ...statementOf(compiled), pluck })) as unknown[];
      return answerOf(compiled.method, rows) as T;
    },
    async csvPage(query, ids, format) {
      return (await thread.send({ ...statementOf(announced(db, query)), csv: { ids, format } })) as Buffer;
    },
  };
}

function sqliteStaffReads(db: Db, file: string): StaffReads {
  const thread = staffThread(SQLITE_SOURCE, { file, driverPath: resolve('better-sqlite3'), writable: false });
  return {
    ...threadReads(db, thread, (compiled) => ({ sql: compiled.sql, bindings: compiled.bindings.map(sqliteBinding) })),
    async execute(sql, bindings) {
      await thread.send({ sql, bindings: bindings.map(sqliteBinding), execute: true });
    },
    close: thread.close,
  };
}

const directReads = (db: Db): StaffReads => ({
  run: async <T>(query: Knex.QueryBuilder) => (await query) as T,
  csvPage: async (query, ids, format) =>
    Buffer.from(csv.csvPageText((await query) as Record<string, unknown>[], ids, format, rowValues)),
  execute: async (sql, bindings) => void (await db.raw(sql, bindings as Knex.RawBinding[])),
  close: () => Promise.resolve(),
});

/** PostgreSQL: the staff thread's reads; `execute` (a backup's statement on SQLite) runs directly. */
function postgresStaffReads(db: Db): StaffReads {
  // The pool's own connection settings: the same server, user and statement_timeout.
  const { connection } = (db.client as Knex.Client).config as { connection: object };
  const thread = staffThread(POSTGRES_SOURCE, { connection, driverPath: resolve('pg') });
  return {
    ...directReads(db),
    ...threadReads(db, thread, (compiled) => {
      const { sql, bindings } = compiled.toNative();
      return { sql, bindings: [...bindings] };
    }),
    close: thread.close,
  };
}

const readers = new WeakMap<Db, StaffReads>();

function readsOf(db: Db): StaffReads {
  if (isPostgres(db)) return postgresStaffReads(db);
  const file = sharedSqliteFile(db);
  return file ? sqliteStaffReads(db, file) : directReads(db);
}

/** The staff reads of this database, made on first use (no thread until a staff search or export). */
export function staffReads(db: Db): StaffReads {
  let reads = readers.get(db);
  if (!reads) readers.set(db, (reads = readsOf(db)));
  return reads;
}

/** Ends the staff threads of `db`, if it has any: before the database itself is closed. */
export async function closeStaffReads(db: Db): Promise<void> {
  await readers.get(db)?.close();
  readers.delete(db);
}

/**
 * Writes of background work, off the site's thread: the mail worker's marks (mail/mailer.ts). During
 * an announcement it marks 20 batches a second, each an UPDATE of 25 rows that held the site's thread
 * 0.7-1 ms, up to 15 ms when it ran the WAL's checkpoint, and a visitor's page waited behind each
 * (issue 22: GET / p99 2-4x idle during a send, 1.2x with the marks on a thread).
 *
 * SQLite: a thread with a writable connection of its own, at the staff thread's lower priority: the
 * SMTP thread where mail goes out over SMTP (SqliteWriter), else one more thread (about 10 MB). It
 * makes the database's second writer, which is why the site's transactions begin
 * IMMEDIATE (connection.ts). PostgreSQL runs writes in its own processes and answers an UPDATE with
 * a count: there they run directly.
 */
export interface ThreadWrites {
  /** Runs an update or delete builder; answers how many rows it changed, as awaiting it would. */
  run(query: Knex.QueryBuilder): Promise<number>;
  /** Whether the writes' thread is there (SQLite): started by a write, ended after a minute without one. */
  running(): boolean;
  close(): Promise<void>;
}

/** A thread of another purpose that also runs SQLite writes on a connection of its own (the SMTP thread's). */
export interface SqliteWriter {
  /** Runs the statement; answers how many rows it changed. */
  write: (sql: string, bindings: unknown[]) => Promise<number>;
  running: () => boolean;
}

/** The error a thread's failed reply (errorReply) settles its request with, its code kept. */
export function errorOfReply(reply: { error: string; code?: string }): Error {
  return Object.assign(new Error(reply.error), reply.code && { code: reply.code });
}

/** The SQLite file another connection can open: none for PostgreSQL, nor for an in-memory database (it exists only on its own connection). */
export function sharedSqliteFile(db: Db): string | undefined {
  if (isPostgres(db)) return undefined;
  const { filename } = (db.client as Knex.Client).config.connection as { filename: string };
  return filename && filename !== ':memory:' ? filename : undefined;
}

/**
 * Background writes for `db`, the thread started on the first one; or, given `on`, on that thread
 * instead of one of their own (about 10 MB less). The caller closes them (`on` is closed by its owner).
 */
export function threadWrites(
  db: Db,
  { idleMs = THREAD_IDLE_MS, on }: { idleMs?: number; on?: SqliteWriter } = {},
): ThreadWrites {
  const file = sharedSqliteFile(db);
  if (!file) return { run: async (query) => Number(await query), running: () => false, close: () => Promise.resolve() };
  const thread: OwnedWriter = on ? { ...on, close: () => Promise.resolve() } : writesThread(file, idleMs);
  return {
    async run(query) {
      const { sql, bindings } = announced(db, query);
      return thread.write(sql, bindings.map(sqliteBinding));
    },
    running: thread.running,
    close: thread.close,
  };
}

/** A writer and how its owner ends it. */
type OwnedWriter = SqliteWriter & { close: () => Promise<void> };

/** A thread of SQLite writes alone, with a writable connection of its own. */
function writesThread(file: string, idleMs: number): OwnedWriter {
  const thread = staffThread(SQLITE_SOURCE, { file, driverPath: resolve('better-sqlite3'), writable: true }, idleMs);
  return {
    write: async (sql, bindings) => (await thread.send({ sql, bindings, execute: true })) as number,
    running: thread.running,
    close: thread.close,
  };
}
