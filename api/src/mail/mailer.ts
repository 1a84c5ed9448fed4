/**
 * The durable mail queue (issue 25 item 1). Every mail is a row of `mail_queue`, written by `enqueue`
 * in the transaction of the action that causes it: the action and its mail commit together or not at
 * all. A worker in each instance sends the rows that are due (transport.ts): over SMTP_URL, or, without
 * it, as an .eml file in DATA_DIR/outbox and a log line.
 *  - Transient failures (connection, timeout, a 4xx reply, an outbox that cannot be written) are tried
 *    again with capped exponential backoff and jitter, for up to 24 hours; a 5xx reply fails the row
 *    at once, with the server's reply as its last error.
 *  - A claim marks the rows `sending` for this worker in one statement; on PostgreSQL with FOR UPDATE
 *    SKIP LOCKED, so two instances never send the same row. A row left `sending` (a crash) is taken
 *    back after the claim timeout (5 minutes): sent again, with the Message-ID fixed when it was queued.
 *    SQLite has one process, so every row `sending` when the mailer starts is taken back at once.
 *  - The worker looks once at start, wakes when a transaction that queued a mail commits, and polls
 *    every few seconds.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setImmediate } from 'node:timers/promises';
import type { MailKind } from '@npo/shared';
import type { Knex } from 'knex';
import { forgetOldPages, isPostgres, type Db } from '../db/connection.js';
import type { MailQueueRow } from '../db/tables.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { filledTemplate, type MailAttachment, type MailTemplate, type OutgoingMail } from './outgoing.js';
import { outboxTransport, smtpTransport, type MailTransport } from './transport.js';

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
  /** One text file sent with the mail: an activity reminder's calendar file. */
  attachment?: MailAttachment;
}

/**
 * What the mails of a kind queued without a body (enqueueComposed) are made of at delivery: a template
 * the same for all of them, filled per mail with its recipient's unsubscribe link.
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
   * welcome mails of a members import). Answers the queued rows' ids, in the order of the mails.
   */
  enqueue(db: Db | Knex.Transaction, message: MailMessage | readonly MailMessage[]): Promise<number[]>;
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
  /** Over SMTP_URL, or to the outbox: made from smtpUrl unless given (tests give a failing one). */
  transport?: MailTransport;
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
  /**
   * By kind, what else a delivery changes, run in the transaction that marks the kind's rows sent: a
   * console reply's message becomes replied only once its mail went out (contact-messages/replies.ts).
   */
  onSent?: Partial<Record<MailKind, (trx: Knex.Transaction, sentIds: number[]) => Promise<void>>>;
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
 * Mails claimed at once, and batches held at once: a batch is handed to the transport's pool while
 * the next is claimed. Small batches keep the worker's memory and its turns on the event loop short.
 */
const BATCH = 25;
const BATCHES_IN_FLIGHT = 2;
/** Rows of one INSERT when a list of mails is queued. */
const ENQUEUE_BATCH = 500;
/** Rows of one INSERT … SELECT of enqueueComposed: a few ms of SQLite's time on the event loop. */
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
  const transport =
    options.transport ??
    (options.smtpUrl
      ? smtpTransport(options.smtpUrl, options.from)
      : outboxTransport(options.outboxDir, options.from, logger));
  const pending = new Set<Promise<void>>();
  const sent = new Map<string, number>();
  const failed = new Map<string, number>();
  const bump = (counts: Map<string, number>, kind: string) => counts.set(kind, (counts.get(kind) ?? 0) + 1);

  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const reclaimsAtStart = options.reclaimAtStart ?? !onPostgres;

  /** The row's mail: its body as stored, or its composer's template filled with the recipient's link. */
  async function outgoingOf(row: MailQueueRow): Promise<OutgoingMail> {
    const composer = options.composers?.[row.kind as MailKind];
    const mail = {
      to: row.recipient,
      subject: row.subject,
      messageId: row.message_id,
      ...(row.reply_to !== null && { replyTo: row.reply_to }),
      ...(row.attachment_text !== null && {
        attachment: {
          filename: row.attachment_name ?? 'attachment.txt',
          contentType: row.attachment_type ?? 'text/plain',
          content: row.attachment_text,
        },
      }),
    };
    // A row queued with its body (every kind but an announcement's, and rows from before an upgrade).
    if (!composer || row.text !== '' || row.html !== null) {
      const link = row.list_unsubscribe === null ? {} : { listUnsubscribe: row.list_unsubscribe };
      return { ...mail, ...link, text: row.text, html: row.html };
    }
    const listUnsubscribe = composer.listUnsubscribe(row);
    return { ...mail, listUnsubscribe, ...filledTemplate(await composer.template(row), listUnsubscribe) };
  }

  /** The row's mail sent: undefined, or why it was not (composing it or the transport failed). */
  async function deliver(row: MailQueueRow): Promise<unknown> {
    try {
      const name = `${row.id}-${row.message_id.replace(/[^\w.-]/g, '')}`;
      await transport.send(await outgoingOf(row), clock.now(), name);
      return undefined;
    } catch (error) {
      return error ?? new Error('mail failed');
    }
  }

  /**
   * Marks up to `limit` due rows `sending` for this worker and returns them; on PostgreSQL, rows
   * others hold are skipped. `kinds`: only the rate-limited kind, or every other kind. Rows a stopped
   * instance left `sending` come first, then queued rows, earliest due first: each is read in its
   * index's order (mail_queue_due_index for the queued), so a claim reads a batch's rows however long
   * the queue is, instead of sorting every due row at each claim.
   */
  async function claimWhere(limit: number, kinds?: 'limited' | 'others'): Promise<MailQueueRow[]> {
    const now = clock.now();
    const staleBefore = new Date(now.getTime() - claimTimeoutMs);
    // SQLite's one process took back at start every row left sending.
    const stale = reclaimsAtStart
      ? []
      : await claimIn(
          now,
          { condition: `state = 'sending' and claimed_at < ?`, order: 'id', bindings: [staleBefore] },
          limit,
          kinds,
        );
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
    const { order, bindings, sqliteIndex } = claim;
    // The kind as a literal: the others' claim then matches the predicate of their partial index
    // (migration 20261130120000), which a bound parameter would not.
    const kindFilter =
      kinds === undefined ? '' : ` and kind ${kinds === 'limited' ? '=' : '<>'} '${RATE_LIMITED_KIND}'`;
    const from = !onPostgres && sqliteIndex ? `mail_queue indexed by ${sqliteIndex}` : 'mail_queue';
    const locking = onPostgres ? ' for update skip locked' : '';
    const result: unknown = await db.raw(
      `update mail_queue set state = 'sending', claimed_at = ?, claimed_by = ?, attempts = attempts + 1
       where id in (select id from ${from} where ${claim.condition}${kindFilter}
         order by ${order} limit ?${locking})
       returning *`,
      [now, worker, ...bindings, limit],
    );
    const rows = onPostgres ? (result as { rows: MailQueueRow[] }).rows : (result as MailQueueRow[]);
    // RETURNING gives the rows in no particular order: sent in the order they fell due.
    return rows.sort((a, b) => a.id - b.id);
  }

  /** A row this worker claimed and has not marked yet. */
  const claimedRows = (ids: number[], on: Db | Knex.Transaction = db) =>
    on('mail_queue').whereIn('id', ids).where({ claimed_by: worker, state: 'sending' });

  /** Announcement mails claimed in the last minute, by any instance: what the rate limit has used. */
  async function claimedInLastMinute(): Promise<number> {
    const since = new Date(clock.now().getTime() - MINUTE_MS);
    const row = await db('mail_queue')
      .where({ kind: RATE_LIMITED_KIND })
      .where('claimed_at', '>', since)
      .count({ count: '*' })
      .first();
    return Number(row?.count ?? 0);
  }

  /**
   * The pace of announcement mails under a rate: the earliest time (by the injected clock) the next
   * batch may be claimed, each batch's mails spaced a minute / rate apart, so a minute's allowance
   * goes out evenly over the minute instead of at its start (providers throttle bursts).
   */
  let bulkDueAt = Number.NEGATIVE_INFINITY;
  let paceTimer: NodeJS.Timeout | undefined;

  /** Looks again once the pace allows the next batch: `wake` at `bulkDueAt`. */
  function wakeWhenPaced(now: number): void {
    clearTimeout(paceTimer);
    paceTimer = setTimeout(() => void wake(), bulkDueAt - now);
    paceTimer.unref();
  }

  /**
   * The announcement mails the rate allows now. Other instances claim from the same table, so the
   * minute's claims are counted there before each batch, on either engine (a restarted process
   * counts those of the minute before it started).
   */
  async function claimPaced(rate: number): Promise<MailQueueRow[]> {
    const now = clock.now().getTime();
    if (now < bulkDueAt) {
      wakeWhenPaced(now);
      return [];
    }
    const allowed = Math.min(BATCH, rate - (await claimedInLastMinute()));
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
    const ids = rows.map((row) => row.id);
    // The notice of an erased account is the last trace of its address: once delivered, it goes too.
    const closed = rows.some((row) => row.kind === 'account_closed');
    if (closed) {
      await claimedRows(ids).where({ kind: 'account_closed' }).update({ recipient: ERASED_RECIPIENT });
    }
    const hooks = Object.entries(options.onSent ?? {}).filter(([kind]) => rows.some((row) => row.kind === kind));
    const markRows = (on: Db | Knex.Transaction) =>
      // A delivered mail's body is not kept: reset and invitation bodies carry one-time links.
      claimedRows(ids, on).update({
        state: 'sent',
        sent_at: clock.now(),
        last_error: null,
        text: '',
        html: null,
        attachment_text: null,
      });
    if (hooks.length === 0) await markRows(db);
    else
      await db.transaction(async (trx) => {
        await markRows(trx);
        for (const [kind, hook] of hooks)
          await hook(
            trx,
            rows.filter((row) => row.kind === kind).map((row) => row.id),
          );
      });
    // Nor do the SQLite files keep the address in old pages of the write-ahead log.
    if (closed) await forgetOldPages(db, logger);
    for (const row of rows) bump(sent, row.kind);
    logger.info({ kind: rows[0]!.kind, messageIds: rows.map((row) => row.message_id) }, 'mails sent');
  }

  /** Once a day (by the injected clock): rows of mails sent over SENT_MAIL_KEPT_DAYS ago go. */
  let purgedAt = clock.now().getTime() - DAY_MS + FIRST_PURGE_AFTER_MS;
  async function purgeOldSentMail(): Promise<void> {
    const now = clock.now().getTime();
    if (now - purgedAt < DAY_MS) return;
    purgedAt = now;
    const deleted = await db('mail_queue')
      .where({ state: 'sent' })
      .where('sent_at', '<', new Date(now - SENT_MAIL_KEPT_DAYS * DAY_MS))
      .delete();
    if (deleted > 0) logger.info({ mails: deleted, days: SENT_MAIL_KEPT_DAYS }, 'mail queue: old sent mails deleted');
  }

  /** A mail that was not sent: tried again later, or failed for good. */
  async function settle(row: MailQueueRow, error: unknown): Promise<void> {
    const now = clock.now();
    const mine = claimedRows([row.id]);
    const reason = errorText(error);
    const expired = now.getTime() - new Date(row.created_at).getTime() >= MAIL_RETRY_WINDOW_MS;
    if (isPermanent(error) || expired) {
      const lastError = expired ? `retried for 24 h; last: ${reason}` : reason;
      await mine.update({ state: 'failed', last_error: lastError });
      bump(failed, row.kind);
      logger.error({ kind: row.kind, mailId: row.id, err: error }, 'mail failed');
      return;
    }
    const next = new Date(now.getTime() + backoffMs(row.attempts));
    await mine.update({ state: 'queued', next_attempt_at: next, last_error: reason });
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
   * Delivers one claimed batch, each mail handed to the transport at once (its pool carries them over
   * its connections), then marks it: sent mails in one statement, the others one by one. A mail that
   * cannot be composed (its announcement is gone) fails alone.
   */
  async function sendBatch(rows: MailQueueRow[]): Promise<void> {
    const outcomes = await Promise.all(rows.map(deliver));
    const delivered = rows.filter((_, at) => outcomes[at] === undefined);
    const failures = rows.flatMap((row, at) => (outcomes[at] === undefined ? [] : [[row, outcomes[at]] as const]));
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
        attachment_name: mail.attachment?.filename ?? null,
        attachment_type: mail.attachment?.contentType ?? null,
        attachment_text: mail.attachment?.content ?? null,
        message_id: `<${randomUUID()}@${domain}>`,
        state: 'queued' as const,
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      }));
      // 16 columns a row: 500 rows stay far below SQLite's and PostgreSQL's parameter limits.
      const ids: number[] = [];
      for (let start = 0; start < rows.length; start += ENQUEUE_BATCH) {
        const inserted: { id: number }[] = await target('mail_queue')
          .insert(rows.slice(start, start + ENQUEUE_BATCH))
          .returning('id');
        ids.push(...inserted.map((row) => Number(row.id)).sort((a, b) => a - b));
      }
      wakeOnceCommitted(target);
      return ids;
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
        // On SQLite each statement runs on the event loop: between them the site's requests get their turn.
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
      transport.close();
    },
  };
}
