/**
 * The durable mail queue (issue 25 item 1) on both engines, with a real SMTP server on loopback and an
 * injected clock: delivery, the .eml fallback, retries of 4xx replies, failures on 5xx, rows taken back
 * after a crash, and, on PostgreSQL, two workers sharing one queue.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import PostalMime from 'postal-mime';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { capturedQueries, explain } from '../scripts/query-plans.js';
import type { Clock } from '../lib/clock.js';
import { createTestDatabase, describeEngines, type TestDatabase } from '../test-support/databases.js';
import { captureLogs } from '../test-support/runtime-harness.js';
import { skipWhen } from '../test-support/skips.js';
import { startSmtpCapture, type SmtpCapture } from '../test-support/smtp-capture.js';
import {
  backoffMs,
  createMailer,
  MAIL_CLAIM_TIMEOUT_MS,
  SENT_MAIL_KEPT_DAYS,
  type Mailer,
  type MailerOptions,
  type MailMessage,
} from './mailer.js';
import { passwordResetMail } from './templates.js';
import type { MailTemplate } from './outgoing.js';
import { SMTP_CONNECTIONS } from './transport.js';

const FROM = 'Global Nutrition Network <no-reply@example.org>';
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const message: MailMessage = {
  kind: 'contact_notification',
  to: 'asha@example.org',
  subject: 'Hello from the network',
  text: 'Plain text body with a link: http://site.test/reset-password?token=abc',
  html: '<p>HTML body with <a href="http://site.test/reset-password?token=abc">a link</a></p>',
};

/** Moved by hand only. */
function manualClock(): Clock & { advance(ms: number): void } {
  let now = new Date('2026-11-25T09:00:00.000Z').getTime();
  return { now: () => new Date(now), advance: (ms) => void (now += ms) };
}

/** A row as enqueue writes it, straight into the table (as another instance would have). */
function queuedRow(index: number, now: Date) {
  return {
    kind: 'contact_notification',
    recipient: `person${index}@example.org`,
    subject: `Mail ${index}`,
    text: 'text',
    html: null,
    message_id: `<row-${index}@example.org>`,
    state: 'queued' as const,
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
  };
}

const dbFor = (database: TestDatabase): Db =>
  createDb({ databaseUrl: database.databaseUrl, sqliteFile: path.join(database.dataDir, 'app.db') });

it('backs off exponentially, capped at an hour, with up to half of it as jitter', () => {
  expect(backoffMs(1, () => 1)).toBe(30_000);
  expect(backoffMs(2, () => 1)).toBe(60_000);
  expect(backoffMs(3, () => 0)).toBe(60_000);
  expect(backoffMs(30, () => 1)).toBe(HOUR);
});

describeEngines('mail queue on %s', (engine) => {
  let database: TestDatabase;
  let db: Db;
  let smtp: SmtpCapture;
  let outboxDir: string;
  const clock = manualClock();
  const mailers: Mailer[] = [];
  const logs = captureLogs();

  /** Accounts 1 to `count`, as an audience query: memberN@example.org each. */
  function numberedAudience(count: number) {
    return db
      .from(
        db.raw(
          `(with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
          select i as user_id, 'member' || i || '@example.org' as recipient from n) r`,
          [count],
        ),
      )
      .select('user_id', 'recipient');
  }

  /** `null`: no SMTP_URL. `extra`: other options (composers, reclaimAtStart). */
  function mailer(smtpUrl: string | null = smtp.url, onDb: Db = db, extra: Partial<MailerOptions> = {}): Mailer {
    const created = createMailer({
      smtpUrl: smtpUrl ?? undefined,
      from: FROM,
      outboxDir,
      logger: logs.logger,
      db: onDb,
      clock,
      ...extra,
    });
    mailers.push(created);
    return created;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = dbFor(database);
    await migrateToLatest(db);
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp?.close();
    await db?.destroy();
    await database?.drop();
  });
  beforeEach(async () => {
    outboxDir = mkdtempSync(path.join(tmpdir(), 'npo-outbox-'));
    await db('mail_queue').delete();
    smtp.mails.length = 0;
    smtp.refuseWith(undefined);
  });
  afterEach(async () => {
    for (const each of mailers.splice(0)) await each.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('carries mail after mail over a pool of at most SMTP_CONNECTIONS connections', async () => {
    const before = smtp.connections();
    const mail = mailer();
    await mail.enqueue(
      db,
      Array.from({ length: 60 }, (_, n) => ({ ...message, to: `pooled${n}@example.org` })),
    );
    await mail.drain();
    expect(smtp.mails).toHaveLength(60);
    expect(await db('mail_queue').where({ state: 'sent' }).count({ count: '*' }).first()).toMatchObject({
      count: engine === 'postgres' ? '60' : 60,
    });
    const opened = smtp.connections() - before;
    expect(opened).toBeGreaterThan(0);
    expect(opened).toBeLessThanOrEqual(SMTP_CONNECTIONS);
  });

  it('queues composed mails in one statement and composes each at delivery; a stored body is sent as stored', async () => {
    const composed: number[] = [];
    const template: MailTemplate = {
      text: ['Composed; unsubscribe: ', ''],
      html: ['<p><a href="', '">Unsubscribe</a></p>'],
    };
    const mail = mailer(smtp.url, db, {
      composers: {
        announcement: {
          template: async () => template,
          listUnsubscribe: (row) => {
            composed.push(row.user_id!);
            return `https://site.test/unsubscribe?token=${row.user_id}&for=${row.recipient}`;
          },
        },
      },
    });
    const recipients = db
      .from(db.raw(`(select 7 as user_id, 'later@example.org' as recipient union all select 3, 'first@example.org') r`))
      .select('user_id', 'recipient');
    const queued = await db.transaction((trx) =>
      mail.enqueueComposed(trx, recipients, { kind: 'announcement', subject: 'News', announcementId: 42 }),
    );
    expect(queued).toBe(2);
    // A row queued by an earlier version, with its body: sent as it is.
    await mail.enqueue(db, {
      kind: 'announcement',
      to: 'stored@example.org',
      subject: 'News',
      text: 'Stored body',
      html: '<p>Stored body</p>',
    });
    await mail.drain();

    const rows = await db('mail_queue').orderBy('id');
    // In the account order, each with a Message-ID of its own.
    expect(rows.map((row) => [row.recipient, row.user_id, row.announcement_id, row.state])).toEqual([
      ['first@example.org', 3, 42, 'sent'],
      ['later@example.org', 7, 42, 'sent'],
      ['stored@example.org', null, null, 'sent'],
    ]);
    expect(new Set(rows.map((row) => row.message_id)).size).toBe(3);
    expect(rows[0]!.message_id).toMatch(/^<[0-9a-f-]{32,36}@example\.org>$/);

    const byRecipient = new Map(smtp.mails.map((received) => [received.to[0], received]));
    // The template filled with the recipient's link, escaped in the HTML part.
    expect(byRecipient.get('later@example.org')).toMatchObject({
      subject: 'News',
      text: 'Composed; unsubscribe: https://site.test/unsubscribe?token=7&for=later@example.org\n',
      html: '<p><a href="https://site.test/unsubscribe?token=7&#38;for=later@example.org">Unsubscribe</a></p>\n',
      messageId: rows[1]!.message_id,
    });
    expect(byRecipient.get('later@example.org')!.headers['list-unsubscribe']).toBe(
      '<https://site.test/unsubscribe?token=7&for=later@example.org>',
    );
    expect(byRecipient.get('later@example.org')!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(byRecipient.get('stored@example.org')).toMatchObject({ text: 'Stored body\n' });
    expect(byRecipient.get('stored@example.org')!.headers['list-unsubscribe']).toBeUndefined();
    expect(composed.sort()).toEqual([3, 7]);
  });

  it('queues composed mails for an audience larger than one statement, each account once, in account order', async () => {
    const mail = mailer();
    const audience = numberedAudience(2_500);
    const queued = await db.transaction((trx) =>
      mail.enqueueComposed(trx, audience, { kind: 'announcement', subject: 'Many', announcementId: 1 }),
    );
    expect(queued).toBe(2500);
    const rows = await db('mail_queue').orderBy('id').select('user_id', 'recipient');
    expect(rows.map((row) => Number(row.user_id))).toEqual(Array.from({ length: 2500 }, (_, index) => index + 1));
    expect(rows[2499]!.recipient).toBe('member2500@example.org');
  });

  // MAIL_RATE_PER_MINUTE spreads a minute's announcement mails over the minute instead of sending them
  // at its start (providers throttle bursts): at 600 a minute, a batch of 25 every 2.5 s by the clock.
  it('paces announcement mails evenly by the clock under a rate, and holds back no other mail', async () => {
    const mail = mailer(smtp.url, db, { ratePerMinute: 600 });
    const announcement = (n: number): MailMessage => ({
      ...message,
      kind: 'announcement',
      to: `paced${n}@example.org`,
      subject: 'Paced',
    });
    const paced = () => smtp.mails.filter((sent) => sent.subject === 'Paced').length;
    await mail.enqueue(
      db,
      Array.from({ length: 60 }, (_, n) => announcement(n)),
    );
    await mail.drain();
    expect(paced()).toBe(25);
    await mail.enqueue(db, { ...message, to: 'urgent@example.org', subject: 'Not paced' });
    await mail.drain();
    expect(smtp.mails.map((sent) => sent.subject)).toContain('Not paced');
    expect(paced()).toBe(25);
    clock.advance(2_499);
    await mail.drain();
    expect(paced()).toBe(25);
    clock.advance(1);
    await mail.drain();
    expect(paced()).toBe(50);
    clock.advance(2_500);
    await mail.drain();
    expect(paced()).toBe(60);
  });

  /** The claim statements of a drain: the updates that mark a batch sending. */
  async function claimsOf(mail: Mailer): Promise<Knex.Sql[]> {
    return (await capturedQueries(db, () => mail.drain())).filter((query) =>
      query.sql.startsWith("update mail_queue set state = 'sending'"),
    );
  }

  /** A claim's select (the one inside the update) and its plan, as the large tables get it. */
  async function claimPlan(claim: Knex.Sql): Promise<{ select: string; plan: string }> {
    // The update's SET binds two values before the select's.
    const select = /\((select id from mail_queue[\s\S]*?)\)\s*returning/.exec(claim.sql)![1]!;
    const plan = await explain(
      db,
      { ...claim, sql: select, bindings: claim.bindings.slice(2) },
      { forceIndexes: true },
    );
    return { select, plan: plan.join('\n') };
  }

  // Issue 22: with 10,000 rows queued, a claim that sorted every due row took 1.6–14 ms on the site's
  // thread (SQLite) at each batch of 25. Each claim statement now reads its index in order.
  it('claims each batch by reading an index in order, never sorting the queued rows', async () => {
    const mail = mailer();
    const audience = numberedAudience(300);
    await db.transaction((trx) =>
      mail.enqueueComposed(trx, audience, { kind: 'announcement', subject: 'Plan', announcementId: 1 }),
    );
    // SQLite claims only queued rows (it takes back every row left sending at start).
    const claims = await claimsOf(mail);
    if (engine === 'sqlite') for (const claim of claims) expect(claim.sql).toContain("state = 'queued'");
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims) {
      const { select, plan } = await claimPlan(claim);
      expect(plan, select).not.toMatch(
        engine === 'sqlite' ? /TEMP B-TREE|MULTI-INDEX OR|SCAN mail_queue/ : /Sort|Seq Scan/,
      );
    }
    expect(Number((await db('mail_queue').where({ state: 'sent' }).count({ count: '*' }).first())!.count)).toBe(300);
  });

  // Under a rate other mails are claimed first, before each announcement batch: through the due index
  // that walked every queued announcement row.
  it('under a rate, claims the other mails through their own index, not past the queued announcement', async () => {
    const mail = mailer(smtp.url, db, { ratePerMinute: 60_000 });
    await db.transaction((trx) =>
      mail.enqueueComposed(trx, numberedAudience(300), { kind: 'announcement', subject: 'Plan', announcementId: 1 }),
    );
    await mail.enqueue(db, { ...message, to: 'other@example.org' });
    const claims = await claimsOf(mail);
    const others = claims.filter(
      (claim) => claim.sql.includes("state = 'queued'") && claim.sql.includes("kind <> 'announcement'"),
    );
    expect(others.length).toBeGreaterThan(0);
    for (const claim of others) {
      const { select, plan } = await claimPlan(claim);
      expect(plan, select).toMatch(/mail_queue_due_others_index/);
      expect(plan, select).not.toMatch(engine === 'sqlite' ? /TEMP B-TREE/ : /Sort/);
    }
    expect(smtp.mails.map((sent) => sent.to[0])).toContain('other@example.org');
  });

  it("fills a batch's mails from their template with each recipient's link; one whose template fails fails alone", async () => {
    const template: MailTemplate = { text: ['Hello, unsubscribe: ', '.'], html: null };
    const templatesAsked: number[] = [];
    const mail = mailer(smtp.url, db, {
      composers: {
        announcement: {
          template: async (row) => {
            templatesAsked.push(row.user_id!);
            if (row.user_id === 13) throw new Error('announcement 1 no longer exists');
            return template;
          },
          listUnsubscribe: (row) => `https://site.test/u?token=${row.user_id}`,
        },
      },
    });
    await db.transaction((trx) =>
      mail.enqueueComposed(trx, numberedAudience(60), { kind: 'announcement', subject: 'Many', announcementId: 1 }),
    );
    await mail.drain();

    expect(templatesAsked).toHaveLength(60);
    expect(smtp.mails).toHaveLength(59);
    for (const received of smtp.mails) {
      const id = /^member(\d+)@/.exec(received.to[0]!)![1];
      expect(received.text).toBe(`Hello, unsubscribe: https://site.test/u?token=${id}.\n`);
      expect(received.html).toBe('');
      expect(received.headers['list-unsubscribe']).toBe(`<https://site.test/u?token=${id}>`);
    }
    const failed = await db('mail_queue').whereNot({ state: 'sent' }).select('user_id', 'state', 'last_error');
    expect(failed).toEqual([{ user_id: 13, state: 'queued', last_error: 'announcement 1 no longer exists' }]);
  });

  it('delivers a queued mail once over SMTP with the Message-ID stored in its row, and marks it sent', async () => {
    const mail = mailer();
    const reset = passwordResetMail('ravi@example.org', 'Ravi', 'http://site.test/reset-password?token=tok-123');
    await mail.enqueue(db, reset);
    await mail.drain();

    const [row] = await db('mail_queue');
    expect(row).toMatchObject({ kind: 'password_reset', recipient: 'ravi@example.org', state: 'sent', attempts: 1 });
    expect(row!.sent_at).not.toBeNull();
    expect(smtp.mails).toHaveLength(1);
    const received = smtp.mails[0]!;
    expect(received.messageId).toBe(row!.message_id);
    expect(received.subject).toBe(reset.subject);
    expect(received.text).toContain('http://site.test/reset-password?token=tok-123');
    expect(received.html).toMatch(/^<!doctype html>/i);
    expect(mail.counts().sent.get('password_reset')).toBe(1);
    // Its one-time link is not kept once delivered.
    expect(row).toMatchObject({ text: '', html: null });
  });

  it('cannot be given a header through a subject, a recipient or a reply-to, and keeps non-ASCII text whole', async () => {
    const mail = mailer();
    await mail.enqueue(db, {
      ...message,
      to: 'zoe@example.org',
      subject: 'Grüße\r\nBcc: victim@example.org',
      replyTo: 'reply@example.org\r\nX-Injected: yes',
      text: 'Ça va? Ünïcödé — ✓',
    });
    await mail.drain();
    expect(smtp.mails).toHaveLength(1);
    const [received] = smtp.mails;
    expect(received!.headers.bcc).toBeUndefined();
    expect(received!.headers['x-injected']).toBeUndefined();
    expect(received!.subject).not.toContain('\n');
    expect(received!.subject).toContain('Grüße');
    expect(received!.text.trim()).toBe('Ça va? Ünïcödé — ✓');
  });

  it('deletes the rows of mails sent over 30 days ago, once a day, and keeps newer ones', async () => {
    const mail = mailer();
    await mail.enqueue(db, { ...message, to: 'old@example.org' });
    await mail.drain();
    clock.advance(2 * DAY);
    await mail.enqueue(db, { ...message, to: 'newer@example.org' });
    await mail.drain();

    // 29 and 27 days after they were sent.
    clock.advance((SENT_MAIL_KEPT_DAYS - 3) * DAY);
    await mail.drain();
    const recipients = async () => (await db('mail_queue').orderBy('id')).map((row) => row.recipient);
    expect(await recipients()).toEqual(['old@example.org', 'newer@example.org']);

    // Two days later the first mail was sent 31 days ago, the second 29.
    clock.advance(2 * DAY);
    await mail.drain();
    expect(await recipients()).toEqual(['newer@example.org']);
  });

  it('purges old sent mails first ten minutes after start, not at it', async () => {
    const longAgo = new Date(clock.now().getTime() - (SENT_MAIL_KEPT_DAYS + 1) * DAY);
    await db('mail_queue').insert({
      kind: 'password_reset',
      recipient: 'long-ago@example.org',
      subject: 'Sent long ago',
      text: '',
      message_id: '<long-ago@example.org>',
      state: 'sent',
      attempts: 1,
      next_attempt_at: longAgo,
      created_at: longAgo,
      sent_at: longAgo,
    });
    const mail = mailer();
    await mail.drain();
    expect(await db('mail_queue').pluck('recipient')).toEqual(['long-ago@example.org']);
    clock.advance(10 * MINUTE);
    await mail.drain();
    expect(await db('mail_queue').pluck('recipient')).toEqual([]);
  });

  it('without SMTP_URL, writes each mail to the outbox as an .eml through the same queue', async () => {
    const mail = mailer(null);
    await mail.enqueue(db, message);
    await mail.drain();

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const file = path.join(outboxDir, files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Unix line ends, for reading on the developer's machine.
    expect(readFileSync(file, 'utf8')).not.toContain('\r');
    const parsed = await PostalMime.parse(readFileSync(file));
    const [row] = await db('mail_queue');
    expect(row).toMatchObject({ state: 'sent' });
    expect(parsed.messageId).toBe(row!.message_id);
    expect(parsed.from?.address).toBe('no-reply@example.org');
    expect(parsed.to?.map((address) => address.address)).toEqual(['asha@example.org']);
    expect(parsed.text?.trim()).toBe(message.text);
    expect(parsed.html?.trim()).toBe(message.html);
  });

  it('wakes on a committed transaction, and keeps no mail of a transaction that rolls back', async () => {
    const mail = mailer();
    await expect(
      db.transaction(async (trx) => {
        await mail.enqueue(trx, { ...message, to: 'rolled-back@example.org' });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    await db.transaction((trx) => mail.enqueue(trx, { ...message, to: 'committed@example.org' }));
    const received = await smtp.waitForMail((captured) => captured.to.includes('committed@example.org'));
    expect(received.subject).toBe(message.subject);
    await mail.drain();
    expect(await db('mail_queue').pluck('recipient')).toEqual(['committed@example.org']);
    expect(smtp.mails.flatMap((captured) => captured.to)).toEqual(['committed@example.org']);
  });

  it('keeps a mail refused with 4xx queued, and sends it once the clock has passed the backoff', async () => {
    const mail = mailer();
    smtp.refuseWith({ code: 451, message: 'Try again later' });
    await mail.enqueue(db, message);
    await mail.drain();
    let [row] = await db('mail_queue');
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row!.last_error).toMatch(/451/);

    // Not due yet: nothing is tried before the backoff has passed.
    smtp.refuseWith(undefined);
    await mail.drain();
    expect(smtp.mails).toHaveLength(0);
    expect((await db('mail_queue').first())!.attempts).toBe(1);

    clock.advance(HOUR);
    await mail.drain();
    [row] = await db('mail_queue');
    expect(row).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
    expect(smtp.mails.map((captured) => captured.messageId)).toEqual([row!.message_id]);
  });

  it('marks a mail refused with 5xx failed at once, with the reply', async () => {
    const mail = mailer();
    smtp.refuseWith({ code: 550, message: 'Mailbox unavailable' });
    await mail.enqueue(db, message);
    await mail.drain();
    const [row] = await db('mail_queue');
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row!.last_error).toMatch(/550.*Mailbox unavailable/);
    expect(mail.counts().failed.get('contact_notification')).toBe(1);
    clock.advance(2 * HOUR);
    await mail.drain();
    expect((await db('mail_queue').first())!.attempts).toBe(1);
  });

  it('gives up on a transient failure 24 hours after the mail was queued', async () => {
    const mail = mailer();
    smtp.refuseWith({ code: 421, message: 'Service not available' });
    await mail.enqueue(db, message);
    for (let step = 0; step < 10; step += 1) {
      await mail.drain();
      clock.advance(3 * HOUR);
    }
    const [row] = await db('mail_queue');
    expect(row).toMatchObject({ state: 'failed' });
    expect(row!.last_error).toMatch(/24 h.*421/);
    expect(smtp.mails).toHaveLength(0);
  });

  /** A row a process that died had claimed and was sending. */
  async function leftSending(): Promise<string> {
    const crashedAt = clock.now();
    await db('mail_queue').insert({
      ...queuedRow(1, crashedAt),
      state: 'sending',
      claimed_at: crashedAt,
      claimed_by: 'crashed',
      attempts: 1,
    });
    return (await db('mail_queue').first())!.message_id;
  }

  it('after the claim timeout, takes back a row left sending by a crashed instance and sends it with the same Message-ID', async () => {
    const messageId = await leftSending();
    const restarted = mailer(smtp.url, db, { reclaimAtStart: false });
    await restarted.drain();
    expect(smtp.mails).toHaveLength(0);
    clock.advance(MAIL_CLAIM_TIMEOUT_MS + 1000);
    await restarted.drain();
    expect(await db('mail_queue').first()).toMatchObject({ state: 'sent', attempts: 2 });
    expect(smtp.mails.map((captured) => captured.messageId)).toEqual([messageId]);
  });

  it(
    engine === 'sqlite'
      ? 'takes back at start every row left sending (SQLite: no other process sends), with the same Message-ID'
      : 'leaves a row another instance is sending alone until the claim timeout (PostgreSQL)',
    async () => {
      const messageId = await leftSending();
      const restarted = mailer();
      await restarted.drain();
      if (engine === 'sqlite') {
        expect(await db('mail_queue').first()).toMatchObject({ state: 'sent', attempts: 2 });
        expect(smtp.mails.map((captured) => captured.messageId)).toEqual([messageId]);
      } else {
        expect(await db('mail_queue').first()).toMatchObject({ state: 'sending', claimed_by: 'crashed' });
        expect(smtp.mails).toHaveLength(0);
      }
    },
  );

  describe('two instances', skipWhen(engine === 'sqlite' && 'SQLite runs one instance'), () => {
    it('deliver 500 queued mails between them, each exactly once', async () => {
      const MAILS = 500;
      const other = dbFor(database);
      try {
        const [first, second] = [mailer(smtp.url, db), mailer(smtp.url, other)];
        const now = clock.now();
        await db.batchInsert(
          'mail_queue',
          Array.from({ length: MAILS }, (_, index) => queuedRow(index, now)),
          100,
        );
        await Promise.all([first.drain(), second.drain()]);
        expect(smtp.mails).toHaveLength(MAILS);
        expect(new Set(smtp.mails.map((captured) => captured.messageId)).size).toBe(MAILS);
        const bySender = await db('mail_queue').select('claimed_by').count({ count: '*' }).groupBy('claimed_by');
        expect(bySender).toHaveLength(2);
        const sentOnce = await db('mail_queue').where({ state: 'sent', attempts: 1 }).count({ count: '*' }).first();
        expect(Number(sentOnce!.count)).toBe(MAILS);
      } finally {
        for (const each of mailers.splice(0)) await each.close();
        await other.destroy();
      }
    });
  });
});
