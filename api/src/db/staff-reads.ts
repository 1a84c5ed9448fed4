/**
 * Staff reads that cost milliseconds each (message searches, the pages of a CSV export) run off the
 * event loop. On SQLite a query blocks the thread that runs it: four admins searching and exporting
 * on the large data kept the event loop busy most of the time, and a visitor's cached page waited
 * behind each query (issue 19: GET / p99 eight times idle). Here they run on one worker thread with
 * its own read-only connection to the same file (WAL lets it read beside the writer), in Linux's idle
 * scheduling class like the password worker: when cores are scarce, serving pages comes first.
 * PostgreSQL already runs queries in its own processes, so there the query simply runs.
 *
 * A query is built with Knex as usual and handed over as its SQL and bindings; `run` resolves to what
 * awaiting the builder would (rows, the first row, or a plucked column).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import { isPostgres, type Db } from './connection.js';
import { foldRow, foldText } from './fold.js';

export interface StaffReads {
  /** What `await query` would give, read on the staff thread (SQLite) or directly (PostgreSQL). */
  run<T>(query: Knex.QueryBuilder): Promise<T>;
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
}

type Reply = { id: number; rows: unknown[] } | { id: number; error: string };

/**
 * The worker's body. It is sent as source text (with foldText and foldRow before it, `fold` being
 * foldRow), so it may use nothing from this module's scope, imports included (vitest rewrites those):
 * the same code then runs under vitest and in the built server.
 */
function staffReadWorker(fold: (value: string) => string): void {
  /* eslint-disable @typescript-eslint/no-require-imports -- an eval'd worker is a CommonJS script */
  const threads = require('node:worker_threads') as typeof import('node:worker_threads');
  const { parentPort } = threads;
  const { file, driverPath } = threads.workerData as { file: string; driverPath: string };
  const Database = require(driverPath) as typeof import('better-sqlite3');
  try {
    (require('node:os') as typeof import('node:os')).setPriority(19);
    const fs = require('node:fs') as typeof import('node:fs');
    const threadId = fs.readlinkSync('/proc/thread-self').split('/').pop() ?? '';
    (require('node:child_process') as typeof import('node:child_process')).execFileSync(
      '/usr/bin/chrt',
      ['--idle', '--pid', '0', threadId],
      {
        stdio: 'ignore',
        timeout: 2000,
      },
    );
  } catch {
    // Without chrt (not Linux) the nice value stays; without either, the thread runs as it is.
  }
  /* eslint-enable @typescript-eslint/no-require-imports */
  const connection = new Database(file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  connection.function('fold', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? fold(value) : value,
  );
  parentPort!.on('message', ({ id, sql, bindings, execute, pluck }: Request) => {
    try {
      const statement = connection.prepare(sql);
      if (execute) statement.run(...bindings);
      parentPort!.postMessage({ id, rows: execute ? [] : statement.pluck(pluck === true).all(...bindings) });
    } catch (error) {
      parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}

// foldRow keeps the characters it folded in `foldedChars`; the worker gets its own.
const WORKER_SOURCE = [
  'const foldedChars = new Map();',
  foldText.toString(),
  foldRow.toString(),
  `(${staffReadWorker.toString()})(foldRow);`,
].join('\n');

const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');

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

function sqliteStaffReads(db: Db, file: string): StaffReads {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve(rows: unknown[]): void; reject(error: Error): void }>();

  function failAll(error: Error): void {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  }

  function started(): Worker {
    if (worker) return worker;
    const thread = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driverPath } });
    thread.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.rows);
      // Referenced only while reading: an idle worker never keeps a process (the CLI, a test) alive.
      if (pending.size === 0) thread.unref();
    });
    let crash: Error | undefined;
    thread.on('error', (error) => (crash = error));
    // A crashed worker fails what it was given; the next read starts a fresh one.
    thread.on('exit', () => {
      if (worker === thread) worker = undefined;
      failAll(crash ?? new Error('staff read worker exited'));
    });
    return (worker = thread);
  }

  function send(request: Request): Promise<unknown[]> {
    const thread = started();
    const id = (nextId += 1);
    return new Promise<unknown[]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread.ref();
      thread.postMessage({ ...request, id } satisfies Request);
    });
  }

  return {
    async run<T>(query: Knex.QueryBuilder): Promise<T> {
      const compiled = query.toSQL() as Knex.Sql & { method: string; pluck?: string };
      // Knex's own 'query' event, as if Knex had run it: query logs and the plan tests see staff reads too.
      (db.client as Knex.Client).emit('query', compiled);
      const bindings = compiled.bindings.map(sqliteBinding);
      // Knex selects the plucked column alone: its values are the statement's first column.
      const pluck = compiled.method === 'pluck' && compiled.pluck !== undefined;
      const rows = await send({ id: 0, sql: compiled.sql, bindings, pluck });
      return answerOf(compiled.method, rows) as T;
    },
    async execute(sql, bindings) {
      await send({ id: 0, sql, bindings: bindings.map(sqliteBinding), execute: true });
    },
    async close() {
      const thread = worker;
      worker = undefined;
      if (thread) await thread.terminate();
    },
  };
}

const directReads = (db: Db): StaffReads => ({
  run: async <T>(query: Knex.QueryBuilder) => (await query) as T,
  execute: async (sql, bindings) => void (await db.raw(sql, bindings as Knex.RawBinding[])),
  close: () => Promise.resolve(),
});

const readers = new WeakMap<Db, StaffReads>();

/** The staff reads of this database, made on first use (no thread until a staff search or export). */
export function staffReads(db: Db): StaffReads {
  if (isPostgres(db)) return directReads(db);
  let reads = readers.get(db);
  if (!reads) {
    const { filename } = (db.client as Knex.Client).config.connection as { filename: string };
    // An in-memory database exists only on its own connection: nothing else can read it.
    reads = filename && filename !== ':memory:' ? sqliteStaffReads(db, filename) : directReads(db);
    readers.set(db, reads);
  }
  return reads;
}

/** Ends the staff thread of `db`, if it has one: before the database itself is closed. */
export async function closeStaffReads(db: Db): Promise<void> {
  await readers.get(db)?.close();
  readers.delete(db);
}
