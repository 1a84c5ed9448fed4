/**
 * The durable mail queue (issue 25 item 1). Every mail is a row of `mail_queue`, written by `enqueue`
 * in the transaction of the action that causes it: the action and its mail commit together or not at
 * all. A worker in each instance sends the rows that are due: over SMTP_URL from a thread of its own
 * (smtp-thread.ts), or, without it, as an .eml file in DATA_DIR/outbox and a log line, so a fresh
 * install can still follow reset and invitation links.
 *  - Transient failures (connection, timeout, a 4xx reply, an outbox that cannot be written) are tried
 *    again with capped exponential backoff and jitter, for up to 24 hours; a 5xx reply fails the row
 *    at once, with the server's reply as its last error.
 *  - PostgreSQL: instances claim rows with FOR UPDATE SKIP LOCKED, in the statement that marks them
 *    `sending`, so two instances never send the same row. A row left `sending` (a crash) is taken
 *    back after the claim timeout (5 minutes): sent again, with the Message-ID fixed when it was queued.
 *  - SQLite: this process is the database's only sender, so the rows it is sending are held in memory
 *    and stay `queued` until they are marked: a claim is a read, not a write. A crash leaves them
 *    queued, sent again at the next start, as a claimed row would be. (Marking a batch `sending` was
 *    a write transaction on the site's thread a dozen times a second during an announcement, up to
 *    9 ms each under load; README, Announcement.) Every row `sending` when the mailer starts (written
 *    by a version that marked them) is taken back at once.
 *  - The worker looks once at start, wakes when a transaction that queued a mail commits, and polls
 *    every few seconds.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { setImmediate } from 'node:timers/promises';
import path from 'node:path';
import type { MailKind } from '@npo/shared';
import type { Knex } from 'knex';
import type { Transporter } from 'nodemailer';
import { isPostgres, type Db } from '../db/connection.js';
import { sharedSqliteFile, threadWrites } from '../db/staff-reads.js';
import type { MailQueueRow } from '../db/tables.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { rawMessage } from './mime.js';
import { composedMail, composerOptions, type MailTemplate, type OutgoingBatch, type OutgoingMail } from './outgoing.js';
import { createSmtpThread } from './smtp-thread.js';

export interface MailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** The announcement this mail is one of (its progress counts it). */
  announcementId?: number;
  /** An announcement's signed one-click unsubscribe URL: sent as List-Unsubscribe (RFC 8058). */
  listUnsubscribe?: string;
}

/**
 * What the mails of a kind queued without a body (enqueueComposed) are made of at delivery: a template
 * the same for all of them, filled per mail with its recipient's unsubscribe link on the SMTP thread.
 */
export interface MailComposer {
  /** The template of the row's mail (an announcement's): the same object for each row that shares it. */
  template(row: MailQueueRow): Promise<MailTemplate>;
  /** The row's recipient's signed one-click unsubscribe URL. */
  listUnsubscribe(row: MailQueueRow): string;
}

/** One mail per recipient, its body composed at delivery by the kind's composer (MailerOptions.composers). */
export interface ComposedMails {
  kind: MailKind;
  subject: string;
  announcementId: number;
}

/** Mails this instance sent or failed since it started, by kind (the metrics' counters). */
export interface MailCounts {
  sent: ReadonlyMap<string, number>;
  failed: ReadonlyMap<string, number>;
}

export interface Mailer {
  /**
   * Writes the mail as a queued row through `db`: the action's transaction, so the mail exists if and
   * only if the action commits. The worker is woken once it has. A list is written in batches (the
   * welcome mails of a members import).
   */
  enqueue(db: Db | Knex.Transaction, message: MailMessage | readonly MailMessage[]): Promise<void>;
  /**
   * Queues, through `db` as enqueue does, one mail composed at delivery for each row of `recipients`
   * (a select of `user_id` and `recipient`), by INSERT … SELECT statements of 250 rows in account
   * order: the database writes an announcement's 10,000 rows without any being built on this thread.
   * Answers how many it queued.
   */
  enqueueComposed(db: Db | Knex.Transaction, recipients: Knex.QueryBuilder, mails: ComposedMails): Promise<number>;
  /**
   * Runs `work` after the current answer has gone (on the next turn of the event loop): what a request
   * must not do while its client waits (forgot-password's writes, issue 19). A failure is logged with
   * `failure`.
   */
  queueWork(work: () => Promise<void>, failure: string): void;
  /**
   * Looks for due rows now instead of at the next poll: after a transaction that made a row due
   * without `enqueue` (a super admin's retry) has committed.
   */
  wake(): void;
  /** Waits for queued work, then sends every row due now until none is left: used by tests. */
  drain(): Promise<void>;
  counts(): MailCounts;
  /** Stops the worker (after the batch it is sending) and closes the transport. */
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
  db: Db;
  clock: Clock;
  /** How often the worker looks for due rows without being woken; 5 s by default. */
  pollMs?: number;
  /** A row `sending` for longer than this is taken back (MAIL_CLAIM_TIMEOUT_SECONDS); MAIL_CLAIM_TIMEOUT_MS by default. */
  claimTimeoutMs?: number;
  /**
   * Take back at start every row left `sending`: only right where no other process sends from this
   * database. By default on SQLite (one process), not on PostgreSQL (other instances may be sending).
   */
  reclaimAtStart?: boolean;
  /**
   * MAIL_RATE_PER_MINUTE: at most this many announcement mails are claimed in any 60 s (by the
   * injected clock; on PostgreSQL counted in the table, so across instances too), in batches spaced
   * evenly over the minute; other mails are not held back. Undefined: no limit.
   */
  ratePerMinute?: number | undefined;
  /**
   * By kind, what composes at delivery the body of a mail queued without one (enqueueComposed): an
   * announcement's rows then hold an account and an address each, not 10,000 copies of one body.
   */
  composers?: Partial<Record<MailKind, MailComposer>>;
}

/** Retries of a transient failure stop this long after the mail was queued. */
export const MAIL_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A row `sending` for longer than this was claimed by an instance that stopped: it is taken back. */
export const MAIL_CLAIM_TIMEOUT_MS = 5 * 60 * 1000;
/** Sent mails stay listed on the mail screen this long (without their bodies), then their rows go. */
export const SENT_MAIL_KEPT_DAYS = 30;
/** The recipient of a delivered account-closed notice (the mail screen still lists the mail). */
export const ERASED_RECIPIENT = '(erased)';
const DAY_MS = 24 * 60 * 60 * 1000;
/** When the first daily purge of sent mails comes after a start. */
const FIRST_PURGE_AFTER_MS = 10 * 60 * 1000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 60 * 60 * 1000;
/**
 * Mails claimed at once, and batches held at once: the SMTP thread keeps a pool of BATCH connections
 * (smtp-thread.ts), so a batch goes out at once while the next waits its turn. Small batches keep the
 * worker's memory and its turns on the event loop short.
 */
const BATCH = 25;
const BATCHES_IN_FLIGHT = 2;
/** Rows of one INSERT when a list of mails is queued. */
const ENQUEUE_BATCH = 500;
/** Rows of one INSERT … SELECT of enqueueComposed: a few ms of SQLite's time on the site's thread. */
const COMPOSED_BATCH = 250;
const ERROR_LENGTH = 1000;
/** The rows a claim reads: its condition, in its order, and on SQLite the index it must use. */
interface Claim {
  condition: string;
  order: string;
  bindings: Date[];
  sqliteIndex?: string;
}
/** The due mails other than announcements' (migration 20261130120000). */
const DUE_OTHERS_INDEX = 'mail_queue_due_others_index';
/** The kind MAIL_RATE_PER_MINUTE applies to: the bulk mails of an announcement. */
const RATE_LIMITED_KIND = 'announcement';
const MINUTE_MS = 60_000;

/** The wait before attempt `attempts + 1`: doubling from 30 s, at most an hour, less up to half of it as jitter. */
export function backoffMs(attempts: number, random = Math.random): number {
  const full = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(full * (0.5 + random() / 2));
}

/** A 5xx reply: the server will refuse this mail whenever it is tried again. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function errorText(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: unknown; message?: unknown };
  const text = typeof response === 'string' ? response : typeof message === 'string' ? message : String(error);
  return text.slice(0, ERROR_LENGTH);
}

function domainOf(from: string): string {
  const match = /@([^\s>]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'localhost';
}

export function createMailer(options: MailerOptions): Mailer {
  const { logger, db, clock } = options;
  const onPostgres = isPostgres(db);
  const claimTimeoutMs = options.claimTimeoutMs ?? MAIL_CLAIM_TIMEOUT_MS;
  const worker = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const domain = domainOf(options.from);
  // SMTP_URL: mails go out from a thread of their own (smtp-thread.ts). Without it, nodemailer's
  // stream transport writes .eml files here; it loads with the first mail, as most starts send none.
  const smtp = options.smtpUrl
    ? createSmtpThread({
        smtpUrl: options.smtpUrl,
        from: options.from,
        connections: BATCH,
        sqliteFile: sharedSqliteFile(db),
      })
    : undefined;
  let outboxTransport: Promise<Transporter> | undefined;
  const openOutboxTransport = () =>
    (outboxTransport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const pending = new Set<Promise<void>>();
  const sent = new Map<string, number>();
  const failed = new Map<string, number>();
  const bump = (counts: Map<string, number>, kind: string) => counts.set(kind, (counts.get(kind) ?? 0) + 1);

  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const reclaimsAtStart = options.reclaimAtStart ?? !onPostgres;
  /**
   * Whether a claim looks for rows left `sending` past the claim timeout: not where every such row is
   * taken back at start (SQLite's one process, which never writes `sending` itself).
   */
  const claimsStale = !reclaimsAtStart || onPostgres;
  /** SQLite: the rows this process claimed and has not marked yet, with their kind (the rate counts them). */
  const holding = new Map<number, string>();
  /**
   * Marks, settles and purges: on SQLite off the site's thread (db/staff-reads.ts threadWrites), on
   * the SMTP thread where there is one, so the site's thread only claims. A row is released once its
   * mark has committed there, so the next claim, a fresh read, sees it marked.
   */
  const writes = threadWrites(db, smtp?.writer ? { on: smtp.writer } : {});

  /**
   * The row as the SMTP thread takes it: its body as stored, or its composer's template (added to
   * `templates` once a batch) with the recipient's link. A row queued before an upgrade has its body.
   */
  async function outgoingOf(row: MailQueueRow, templates: Map<MailTemplate, number>): Promise<OutgoingMail> {
    const composer = options.composers?.[row.kind as MailKind];
    const mail = { to: row.recipient, subject: row.subject, messageId: row.message_id };
    const replyTo = row.reply_to === null ? {} : { replyTo: row.reply_to };
    if (!composer || row.text !== '' || row.html !== null) {
      const body = { text: row.text, ...(row.html !== null && { html: row.html }) };
      const link = row.list_unsubscribe === null ? {} : { listUnsubscribe: row.list_unsubscribe };
      return { ...mail, ...replyTo, ...link, body };
    }
    const template = await composer.template(row);
    let index = templates.get(template);
    if (index === undefined) templates.set(template, (index = templates.size));
    return { ...mail, ...replyTo, listUnsubscribe: composer.listUnsubscribe(row), body: { template: index } };
  }

  /** Each mail's failure, in the batch's order, or undefined once it is sent; `rows` are the mails' rows. */
  async function deliver(rows: readonly MailQueueRow[], batch: OutgoingBatch): Promise<unknown[]> {
    if (smtp) {
      const failures = await smtp.send(batch);
      const messageIds = rows.filter((_, at) => failures[at] === undefined).map((row) => row.message_id);
      if (messageIds.length > 0) logger.info({ kind: rows[0]!.kind, messageIds }, 'mails sent');
      return failures;
    }
    const written: unknown[] = [];
    for (const [at, mail] of batch.mails.entries()) {
      written.push(await writeToOutbox(rows[at]!, mail, batch.templates).catch((error: unknown) => error ?? 'failed'));
    }
    return written;
  }

  async function writeToOutbox(row: MailQueueRow, mail: OutgoingMail, templates: readonly MailTemplate[]) {
    // The stream transport (buffer: true) answers the raw message.
    const transport = await openOutboxTransport();
    const composed = composedMail(options.from, mail, templates);
    const raw = rawMessage(composed, clock.now());
    // Unix line ends in the outbox's files, as the transport's `newline: 'unix'` gives the composer's.
    const message = raw ? { ...raw, raw: raw.raw.replace(/\r\n/g, '\n') } : composerOptions(composed);
    const info = (await transport.sendMail(message)) as { message: Buffer };
    await mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, `${row.id}-${row.message_id.replace(/[^\w.-]/g, '')}.eml`);
    await writeFile(file, info.message, { mode: 0o600 });
    logger.info({ kind: row.kind, subject: row.subject, file }, 'mail written to outbox (SMTP_URL is not set)');
    return undefined;
  }

  /**
   * Marks up to `limit` due rows `sending` for this worker and returns them; on PostgreSQL, rows
   * others hold are skipped. `kinds`: only the rate-limited kind, or every other kind. Rows a stopped
   * instance left `sending` come first, then queued rows, earliest due first: each is read in its
   * index's order (mail_queue_due_index for the queued), so a claim reads a batch's rows however long
   * the queue is. One statement with an OR of both sorted every due row at each claim: with an
   * announcement's 10,000 rows queued, 1.6 ms a claim on SQLite (up to 14 ms under load), on the
   * site's thread (issue 22: GET / p99 during the send).
   */
  async function claimWhere(limit: number, kinds?: 'limited' | 'others'): Promise<MailQueueRow[]> {
    const now = clock.now();
    const staleBefore = new Date(now.getTime() - claimTimeoutMs);
    const stale = claimsStale
      ? await claimIn(
          now,
          { condition: `state = 'sending' and claimed_at < ?`, order: 'id', bindings: [staleBefore] },
          limit,
          kinds,
        )
      : [];
    if (stale.length >= limit) return stale;
    const due: Claim = {
      condition: `state = 'queued' and next_attempt_at <= ?`,
      order: 'next_attempt_at, id',
      bindings: [now],
    };
    // SQLite, without statistics, would read the others through the due index and walk every queued
    // announcement row: it is told to use their partial index.
    if (kinds === 'others') due.sqliteIndex = DUE_OTHERS_INDEX;
    return [...stale, ...(await claimIn(now, due, limit - stale.length, kinds))];
  }

  async function claimIn(
    now: Date,
    claim: Claim,
    limit: number,
    kinds?: 'limited' | 'others',
  ): Promise<MailQueueRow[]> {
    const { order, bindings } = claim;
    // The kind as a literal: the others' claim then matches the predicate of their partial index
    // (migration 20261130120000), which a bound parameter would not.
    const kindFilter =
      kinds === undefined ? '' : ` and kind ${kinds === 'limited' ? '=' : '<>'} '${RATE_LIMITED_KIND}'`;
    const condition = claim.condition + kindFilter;
    if (!onPostgres) return readClaim(now, { ...claim, condition }, limit);
    const result: unknown = await db.raw(
      `update mail_queue set state = 'sending', claimed_at = ?, claimed_by = ?, attempts = attempts + 1
       where id in (select id from mail_queue where ${condition}
         order by ${order} limit ? for update skip locked)
       returning *`,
      [now, worker, ...bindings, limit],
    );
    return (result as { rows: MailQueueRow[] }).rows;
  }

  /**
   * SQLite: the due rows this process is not already sending, held in memory as claimed (see the
   * header); answered as the claiming update would have (one more attempt, claimed now).
   */
  async function readClaim(
    now: Date,
    { condition, order, bindings, sqliteIndex }: Claim,
    limit: number,
  ): Promise<MailQueueRow[]> {
    const held = [...holding.keys()];
    const notHeld = held.length === 0 ? '' : ` and id not in (${held.map(() => '?').join(', ')})`;
    const from = sqliteIndex ? `mail_queue indexed by ${sqliteIndex}` : 'mail_queue';
    const sql = `select * from ${from} where ${condition}${notHeld} order by ${order} limit ?`;
    const rows = await db.raw<MailQueueRow[]>(sql, [...bindings, ...held, limit] as Knex.RawBinding[]);
    for (const row of rows) holding.set(row.id, row.kind);
    return rows.map((row) => ({ ...row, attempts: row.attempts + 1, claimed_at: now, claimed_by: worker }));
  }

  /** A claimed row, still this worker's to mark: on SQLite held in memory, so still as it was read. */
  function claimed(query: Knex.QueryBuilder): void {
    if (onPostgres) void query.where({ claimed_by: worker, state: 'sending' });
    else void query.whereIn('state', ['queued', 'sending']);
  }

  /** What a mark writes besides its state: on SQLite, what the claim did not (the attempt, when, by whom). */
  function claimWrites(rows: readonly MailQueueRow[]) {
    return onPostgres ? {} : { attempts: db.raw('attempts + 1'), claimed_at: rows[0]!.claimed_at, claimed_by: worker };
  }

  /**
   * Once a row is marked. One the database could not mark stays held, as a row left `sending` did:
   * not sent again until the next start (a full disk would otherwise send it at every poll).
   */
  function release(rows: readonly MailQueueRow[]): void {
    for (const row of rows) holding.delete(row.id);
  }

  /** Announcement mails claimed in the last minute, by any instance: what the rate limit has used. */
  async function claimedInLastMinute(): Promise<number> {
    const since = new Date(clock.now().getTime() - MINUTE_MS);
    const row = await db('mail_queue')
      .where({ kind: RATE_LIMITED_KIND })
      .where('claimed_at', '>', since)
      .count({ count: '*' })
      .first();
    // On SQLite the rows in flight are not written yet.
    const inFlight = [...holding.values()].filter((kind) => kind === RATE_LIMITED_KIND).length;
    return Number(row?.count ?? 0) + inFlight;
  }

  /**
   * The pace of announcement mails under a rate: the earliest time (by the injected clock) the next
   * batch may be claimed, each batch's mails spaced a minute / rate apart, so a minute's allowance
   * goes out evenly over the minute instead of at its start (providers throttle bursts).
   */
  let bulkDueAt = Number.NEGATIVE_INFINITY;
  let paceTimer: NodeJS.Timeout | undefined;
  /** SQLite: whether the claims of the minute before this process started have been counted. */
  let paceSeeded = false;

  /** Looks again once the pace allows the next batch: `wake` at `bulkDueAt`. */
  function wakeWhenPaced(now: number): void {
    clearTimeout(paceTimer);
    paceTimer = setTimeout(() => void wake(), bulkDueAt - now);
    paceTimer.unref();
  }

  /**
   * The announcement mails the rate allows now. PostgreSQL: other instances claim from the same table,
   * so the minute's claims are counted there before each batch. SQLite: this process is the only
   * sender, so once the claims of the minute before it started (a restart) are counted, its own pace
   * bounds the minute, and no count of up to `rate` index entries runs on the site's thread a batch.
   */
  async function claimPaced(rate: number): Promise<MailQueueRow[]> {
    const now = clock.now().getTime();
    if (!onPostgres && !paceSeeded) {
      paceSeeded = true;
      bulkDueAt = now + ((await claimedInLastMinute()) * MINUTE_MS) / rate;
    }
    if (now < bulkDueAt) {
      wakeWhenPaced(now);
      return [];
    }
    const used = onPostgres ? await claimedInLastMinute() : 0;
    const allowed = Math.min(BATCH, rate - used);
    if (allowed <= 0) return [];
    const rows = await claimWhere(allowed, 'limited');
    bulkDueAt = Math.max(now, bulkDueAt) + (rows.length * MINUTE_MS) / rate;
    return rows;
  }

  /** The next batch: without a rate, any due rows; with one, other mails first, then what the pace allows. */
  async function claim(): Promise<MailQueueRow[]> {
    const rate = options.ratePerMinute;
    if (rate === undefined) return claimWhere(BATCH);
    const others = await claimWhere(BATCH, 'others');
    return others.length > 0 ? others : claimPaced(rate);
  }

  async function markSent(rows: MailQueueRow[]): Promise<void> {
    if (rows.length === 0) return;
    const sentRows = () =>
      db('mail_queue')
        .whereIn(
          'id',
          rows.map((row) => row.id),
        )
        .modify(claimed);
    // The notice of an erased account is the last trace of its address: once delivered, it goes too.
    if (rows.some((row) => row.kind === 'account_closed')) {
      await writes.run(sentRows().where({ kind: 'account_closed' }).update({ recipient: ERASED_RECIPIENT }));
    }
    // A delivered mail's body is not kept: reset and invitation bodies carry one-time links.
    await writes.run(
      sentRows().update({
        state: 'sent',
        sent_at: clock.now(),
        last_error: null,
        text: '',
        html: null,
        ...claimWrites(rows),
      }),
    );
    for (const row of rows) bump(sent, row.kind);
    release(rows);
  }

  /**
   * Once a day (by the injected clock): rows of mails sent over SENT_MAIL_KEPT_DAYS ago go. The first
   * purge comes FIRST_PURGE_AFTER_MS after start, not at it: on SQLite it starts the writes' thread
   * (about 10 MB), which a start with no mail to mark should not hold.
   */
  let purgedAt = clock.now().getTime() - DAY_MS + FIRST_PURGE_AFTER_MS;
  async function purgeOldSentMail(): Promise<void> {
    const now = clock.now().getTime();
    if (now - purgedAt < DAY_MS) return;
    purgedAt = now;
    const deleted = await writes.run(
      db('mail_queue')
        .where({ state: 'sent' })
        .where('sent_at', '<', new Date(now - SENT_MAIL_KEPT_DAYS * DAY_MS))
        .delete(),
    );
    if (deleted > 0) logger.info({ mails: deleted, days: SENT_MAIL_KEPT_DAYS }, 'mail queue: old sent mails deleted');
  }

  /** A mail that was not sent: tried again later, or failed for good. */
  async function settle(row: MailQueueRow, error: unknown): Promise<void> {
    const now = clock.now();
    const mine = db('mail_queue').where({ id: row.id }).modify(claimed);
    const reason = errorText(error);
    const expired = now.getTime() - new Date(row.created_at).getTime() >= MAIL_RETRY_WINDOW_MS;
    if (isPermanent(error) || expired) {
      const lastError = expired ? `retried for 24 h; last: ${reason}` : reason;
      await writes.run(mine.update({ state: 'failed', last_error: lastError, ...claimWrites([row]) }));
      bump(failed, row.kind);
      release([row]);
      logger.error({ kind: row.kind, mailId: row.id, err: error }, 'mail failed');
      return;
    }
    const next = new Date(now.getTime() + backoffMs(row.attempts));
    await writes.run(
      mine.update({ state: 'queued', next_attempt_at: next, last_error: reason, ...claimWrites([row]) }),
    );
    release([row]);
    logger.warn({ kind: row.kind, mailId: row.id, attempts: row.attempts, retryAt: next, reason }, 'mail deferred');
  }

  /** The rows a previous process of this instance left `sending` (it was killed mid-batch): due again now. */
  async function reclaim(): Promise<void> {
    const taken = await db('mail_queue')
      .where({ state: 'sending' })
      .update({ state: 'queued', next_attempt_at: clock.now(), claimed_by: null, claimed_at: null });
    if (taken > 0) logger.warn({ mails: taken }, 'mail queue: mails a stopped process was sending are queued again');
  }
  let reclaimed = reclaimsAtStart ? undefined : Promise.resolve();

  /**
   * Delivers one claimed batch, handed to the SMTP thread at once, then marks it: sent mails in one
   * statement, the others one by one. A mail that cannot be composed (its announcement is gone) fails
   * alone. A batch's mails are handed over as one message, their bodies filled on the SMTP thread:
   * built here, a mail at a time, they made the site's thread collect garbage a third more often
   * during an announcement, and a visitor's page waits behind each collection (issue 22).
   */
  async function sendBatch(rows: MailQueueRow[]): Promise<void> {
    const templates = new Map<MailTemplate, number>();
    const ready: MailQueueRow[] = [];
    const mails: OutgoingMail[] = [];
    const failures: [MailQueueRow, unknown][] = [];
    for (const row of rows) {
      try {
        mails.push(await outgoingOf(row, templates));
        ready.push(row);
      } catch (error) {
        failures.push([row, error]);
      }
    }
    const delivered: MailQueueRow[] = [];
    if (mails.length > 0) {
      const outcomes = await deliver(ready, { templates: [...templates.keys()], mails }).catch((error: unknown) =>
        ready.map(() => error ?? new Error('mail failed')),
      );
      for (const [at, row] of ready.entries()) {
        if (outcomes[at] === undefined) delivered.push(row);
        else failures.push([row, outcomes[at]]);
      }
    }
    // Each failure is settled, even when one could not be (the database failed): that fails the batch.
    const settled = await Promise.allSettled(failures.map(([row, error]) => settle(row, error)));
    const unsettled = settled.find((outcome) => outcome.status === 'rejected');
    if (unsettled) throw unsettled.reason;
    await markSent(delivered);
  }

  /** Sends due rows until none is left (or the mailer stops). */
  async function sendDue(): Promise<void> {
    // Failing, it is tried again at the next run.
    await (reclaimed ??= reclaim().catch((error: unknown) => {
      reclaimed = undefined;
      throw error;
    }));
    await purgeOldSentMail();
    // The next batch is claimed while the last one is on the wire, so the connections never wait for
    // a claim or a mark. A crash before a batch is marked sends its mails again: they were in flight.
    const inFlight = new Set<Promise<void>>();
    let failure: Error | undefined;
    const track = (batch: Promise<void>) => {
      const tracked: Promise<void> = batch
        .catch((error: unknown) => void (failure ??= error instanceof Error ? error : new Error(String(error))))
        .finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    };
    try {
      while (!stopped && failure === undefined) {
        const rows = await claim();
        if (rows.length === 0) break;
        track(sendBatch(rows));
        if (inFlight.size >= BATCHES_IN_FLIGHT) await Promise.race(inFlight);
      }
    } finally {
      await Promise.all(inFlight);
    }
    if (failure !== undefined) throw failure;
  }

  /** One run at a time; a wake-up during a run makes it look again when it ends. */
  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await sendDue();
        } catch (error) {
          logger.error({ err: error }, 'mail queue: the worker could not read the queue');
          return;
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  /** Wakes the worker once `target`'s transaction has committed (its mails are then visible), or now. */
  function wakeOnceCommitted(target: Db | Knex.Transaction): void {
    const committed = (target as Partial<Knex.Transaction>).executionPromise;
    if (target.isTransaction && committed)
      committed.then(
        () => void wake(),
        () => {},
      );
    else void wake();
  }

  const poll = () => {
    timer = setTimeout(() => {
      void wake().finally(() => {
        if (!stopped) poll();
      });
    }, options.pollMs ?? 5000);
    timer.unref();
  };
  // Mails left queued by the last process (or by SMTP down) go out now, not at the first poll.
  void wake();
  poll();

  return {
    async enqueue(target, message) {
      const now = clock.now();
      const rows = (Array.isArray(message) ? message : [message]).map((mail: MailMessage) => ({
        kind: mail.kind,
        recipient: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        reply_to: mail.replyTo ?? null,
        announcement_id: mail.announcementId ?? null,
        list_unsubscribe: mail.listUnsubscribe ?? null,
        message_id: `<${randomUUID()}@${domain}>`,
        state: 'queued' as const,
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      }));
      // 13 columns a row: 500 rows stay far below SQLite's and PostgreSQL's parameter limits.
      for (let start = 0; start < rows.length; start += ENQUEUE_BATCH) {
        await target('mail_queue').insert(rows.slice(start, start + ENQUEUE_BATCH));
      }
      wakeOnceCommitted(target);
    },
    async enqueueComposed(target, recipients, { kind, subject, announcementId }) {
      const now = clock.now();
      const { sql, bindings } = recipients.toSQL();
      // A Message-ID for each row, made by the database: 128 random bits, as randomUUID's.
      const randomId = onPostgres ? 'gen_random_uuid()::text' : 'lower(hex(randomblob(16)))';
      // PostgreSQL types a parameter of a select list as text unless told: the timestamps would not insert.
      const as = (type: string) => (onPostgres ? `?::${type}` : '?');
      const insertAfter = async (after: number): Promise<number[]> => {
        const result: unknown = await target.raw(
          `insert into mail_queue (user_id, recipient, kind, subject, text, html, announcement_id, message_id,
             state, attempts, next_attempt_at, created_at)
           select audience.user_id, audience.recipient, ${as('text')}, ${as('text')}, '', null, ${as('integer')},
             '<' || ${randomId} || '@' || ${as('text')} || '>', 'queued', 0, ${as('timestamptz')}, ${as('timestamptz')}
           from (${sql}) audience where audience.user_id > ? order by audience.user_id limit ?
           returning user_id`,
          [kind, subject, announcementId, domain, now, now, ...bindings, after, COMPOSED_BATCH],
        );
        const rows = onPostgres ? (result as { rows: { user_id: number }[] }).rows : (result as { user_id: number }[]);
        return rows.map((row) => Number(row.user_id));
      };
      let queued = 0;
      for (let after = 0; ;) {
        const ids = await insertAfter(after);
        queued += ids.length;
        if (ids.length < COMPOSED_BATCH) break;
        after = Math.max(...ids);
        // On SQLite each statement runs on this thread: between them the site's requests get their turn.
        await setImmediate();
      }
      wakeOnceCommitted(target);
      return queued;
    },
    queueWork(work, failure) {
      const queued = setImmediate()
        .then(work)
        .catch((error: unknown) => logger.error({ err: error }, failure))
        .finally(() => pending.delete(queued));
      pending.add(queued);
    },
    wake: () => void wake(),
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
      await running;
      await wake();
    },
    counts: () => ({ sent, failed }),
    async close() {
      await Promise.all([...pending]);
      stopped = true;
      clearTimeout(timer);
      clearTimeout(paceTimer);
      await running;
      await writes.close();
      await smtp?.close();
      await outboxTransport?.then(
        (opened) => opened.close(),
        () => {},
      );
    },
  };
}
