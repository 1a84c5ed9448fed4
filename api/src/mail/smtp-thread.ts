/**
 * Mails go out over SMTP from a worker thread of their own. nodemailer builds each MIME message and
 * writes it in many small steps: at 250 mails a second on the site's own thread, a visitor's cached
 * page waited behind them (issue 22: GET / p99 several times idle while an announcement to 10,000
 * members was delivered). Here the thread that serves pages only claims rows and marks them; the
 * building and the writing happen on this thread, at nice 10, so serving pages comes first when cores
 * are scarce.
 *
 * The thread starts with the first mail and ends after a minute without one (a mail-less process
 * holds no second V8 heap); the next mail starts a fresh one. Mails are handed over a batch at a time
 * (outgoing.ts): one message a batch, and an announcement's bodies are filled here from their
 * template. Each mail's failure comes back with the fields the mailer reads (responseCode for a 5xx).
 * On SQLite the thread also writes the mailer's marks and settles, on a connection of its own: a
 * second thread for them alone held about 10 MB more while mail went out (the `mail` bench's peak RSS).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { errorOfReply, SQLITE_THREAD_SOURCE, type SqliteWriter } from '../db/staff-reads.js';
import { idleWorker } from '../lib/idle-worker.js';
import { mimeHeaderValue, quotedPrintable, rawMessage } from './mime.js';
import { composedMail, composerOptions, escapeHtml, filledTemplate, type OutgoingBatch } from './outgoing.js';

export interface SmtpThread {
  /** Sends the batch's mails at once; answers each mail's failure, in the batch's order, or undefined once sent. */
  send(batch: OutgoingBatch): Promise<(Error | undefined)[]>;
  /**
   * With `sqliteFile`: the mailer's marks and settles, written on this thread's own connection, so a
   * process sending mail holds one thread for it, not two (the writes' thread is about 10 MB).
   */
  writer?: SqliteWriter;
  /** Whether the thread is there: started by a mail, ended when idle. */
  running(): boolean;
  close(): Promise<void>;
}

export interface SmtpThreadOptions {
  smtpUrl: string;
  /** The From of every mail (MAIL_FROM). */
  from: string;
  /** SMTP connections open at once at most, each carrying mail after mail (nodemailer's pool). */
  connections: number;
  /** How long the thread waits for another mail before it ends; a minute by default. */
  idleMs?: number;
  /** The SQLite file the mail queue is in, when the thread is to write the marks too (SmtpThread.writer). */
  sqliteFile?: string | undefined;
}

interface Failure {
  message: string;
  response?: string;
  responseCode?: number;
  code?: string;
}

type Reply =
  | { id: number; failures: (Failure | null)[] }
  | { id: number; changes: number }
  | { id: number; error: string; code?: string };

type Request = { batch: OutgoingBatch } | { sql: string; bindings: unknown[] };

/** What a request answers: each mail's failure, or the rows a write changed. */
type Answer = (Error | undefined)[] | number;

/** The thread's body, sent as source text: it may use nothing from this module's scope (see staff-reads.ts). */
function smtpWorker(
  compose: typeof composedMail,
  writeRaw: typeof rawMessage,
  optionsOf: typeof composerOptions,
  openSqlite: (driverPath: string, file: string, writable: boolean) => import('better-sqlite3').Database,
  errorReply: (error: unknown) => { error: string; code?: string },
): void {
  /* eslint-disable @typescript-eslint/no-require-imports -- an eval'd worker is a CommonJS script */
  const threads = require('node:worker_threads') as typeof import('node:worker_threads');
  const { parentPort } = threads;
  const { smtpUrl, from, connections, nodemailerLib, sqlite } = threads.workerData as {
    smtpUrl: string;
    from: string;
    connections: number;
    nodemailerLib: string;
    sqlite?: { driverPath: string; file: string };
  };
  try {
    // Below the site's thread, not in the idle class: under a sustained load that would hold mails
    // back indefinitely (a reset link among them).
    (require('node:os') as typeof import('node:os')).setPriority(10);
  } catch {
    // Not permitted: the thread runs at the site's priority.
  }
  // What nodemailer.createTransport(SMTP_URL) builds with a pool, from its modules for SMTP alone: its
  // index also loads the sendmail, SES, JSON and stream transports, 8 MB of this thread's memory.
  // Pooled connections carry mail after mail: a connection a mail (as the mailer sent until issue 22's
  // pool) cost both ends a TCP and SMTP handshake each, and an announcement 10,000 connections.
  type Lib = (name: string) => unknown;
  const lib: Lib = (name) => require(`${nodemailerLib}/${name}`);
  const Mailer = lib('mailer') as new (transport: unknown) => import('nodemailer').Transporter;
  const SMTPPool = lib('smtp-pool') as new (options: object) => unknown;
  const { parseConnectionUrl } = lib('shared') as { parseConnectionUrl: (url: string) => object };
  /* eslint-enable @typescript-eslint/no-require-imports */
  const transport = new Mailer(new SMTPPool({ ...parseConnectionUrl(smtpUrl), maxConnections: connections }));
  const failureOf = (
    error: { message?: unknown; response?: unknown; responseCode?: unknown; code?: unknown } | null,
  ) => ({
    message: typeof error?.message === 'string' ? error.message : 'the mail could not be sent',
    ...(typeof error?.response === 'string' && { response: error.response }),
    ...(typeof error?.responseCode === 'number' && { responseCode: error.responseCode }),
    ...(typeof error?.code === 'string' && { code: error.code }),
  });
  // Opened with the first write: a thread that has sent nothing yet has nothing to mark.
  let database: import('better-sqlite3').Database | undefined;
  const write = (id: number, sql: string, bindings: unknown[]) => {
    try {
      database ??= openSqlite(sqlite!.driverPath, sqlite!.file, true);
      parentPort!.postMessage({ id, changes: database.prepare(sql).run(...bindings).changes });
    } catch (error) {
      parentPort!.postMessage({ id, ...errorReply(error) });
    }
  };
  parentPort!.on('message', (request: Request & { id: number }) => {
    if ('sql' in request) {
      write(request.id, request.sql, request.bindings);
      return;
    }
    const { id, batch } = request;
    const sent = batch.mails.map(async (outgoing) => {
      // A mail that cannot be composed fails alone: thrown here, it would stop the thread, and every
      // mail of the batch would fail with it, again at each try.
      try {
        const mail = compose(from, outgoing, batch.templates);
        await transport.sendMail(writeRaw(mail, new Date()) ?? optionsOf(mail));
        return null;
      } catch (error) {
        return failureOf(error as Parameters<typeof failureOf>[0]);
      }
    });
    void Promise.all(sent).then((failures) => parentPort!.postMessage({ id, failures }));
  });
}

// These call each other by name within their module: all of them come first, and the worker is handed the ones it calls (an
// import's name is rewritten under vitest), as staff-reads.ts's workers get their functions. SQLITE_THREAD_SOURCE
// defines openSqlite and errorReply.
const COMPOSER = [
  mimeHeaderValue,
  quotedPrintable,
  rawMessage,
  escapeHtml,
  filledTemplate,
  composedMail,
  composerOptions,
];
const WORKER_SOURCE = [
  ...COMPOSER.map(String),
  SQLITE_THREAD_SOURCE,
  `(${smtpWorker.toString()})(composedMail, rawMessage, composerOptions, openSqlite, errorReply);`,
].join('\n');
const resolveModule = createRequire(import.meta.url).resolve;
/** nodemailer's lib folder (its package has no exports map, so its modules can be required one by one). */
const nodemailerLib = path.dirname(resolveModule('nodemailer'));
const IDLE_MS = 60_000;

function errorOf(failure: Failure): Error {
  return Object.assign(new Error(failure.message), failure);
}

/** What a reply settles its request with: each mail's failure, the rows a write changed, or the write's error. */
function settled(reply: Reply): { answer: Answer } | { error: Error } {
  if ('failures' in reply) return { answer: reply.failures.map((failure) => (failure ? errorOf(failure) : undefined)) };
  if ('changes' in reply) return { answer: reply.changes };
  return { error: errorOfReply(reply) };
}

export function createSmtpThread(options: SmtpThreadOptions): SmtpThread {
  const { smtpUrl, from, connections, sqliteFile } = options;
  const sqlite = sqliteFile && { file: sqliteFile, driverPath: resolveModule('better-sqlite3') };
  const thread = idleWorker<Request, Reply, Answer>({
    start: () =>
      new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { smtpUrl, from, connections, nodemailerLib, ...(sqlite && { sqlite }) },
        // A small heap, as the site's own (npm start's --max-semi-space-size=2): a mail batch needs
        // little, and V8's default young generation would add to the process's peak RSS.
        resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 48 },
      }),
    idleMs: options.idleMs ?? IDLE_MS,
    settle: settled,
    // A thread that stopped fails the batches it was given (tried again with backoff).
    stoppedMessage: 'the SMTP thread stopped',
  });
  const writer: SqliteWriter | undefined = sqlite
    ? { write: async (sql, bindings) => (await thread.send({ sql, bindings })) as number, running: thread.running }
    : undefined;
  return {
    send: async (batch) => (await thread.send({ batch })) as (Error | undefined)[],
    ...(writer && { writer }),
    running: thread.running,
    close: thread.close,
  };
}
