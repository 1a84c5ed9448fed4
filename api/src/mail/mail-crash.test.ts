/**
 * SIGKILL while the BUILT server is sending (issue 25): 300 queued mails, the server killed while the
 * SMTP server holds back its replies to some of them (delivered, not confirmed), then started again.
 * Every mail arrives at least once; only those the dead process had in flight arrive twice, with the
 * Message-ID of their row. On SQLite the restarted server takes back the rows left `sending` at once;
 * on PostgreSQL after MAIL_CLAIM_TIMEOUT_SECONDS (shortened here).
 */
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import { createDb, type Db } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import {
  builtServerTest,
  killServer,
  serverNotBuilt,
  spawnBuiltServer,
  waitUntil,
  type ServerProcess,
} from '../test-support/built-server.js';
import { createTestDatabase, describeEngines, type Engine, type TestDatabase } from '../test-support/databases.js';
import { startSmtpCapture, type SmtpCapture } from '../test-support/smtp-capture.js';

const MAILS = 300;

function queuedRow(index: number, now: Date) {
  return {
    kind: 'contact_notification',
    recipient: `person${index}@example.org`,
    subject: `Mail ${index}`,
    text: `Body of mail ${index}`,
    html: null,
    message_id: `<crash-${index}@example.org>`,
    state: 'queued' as const,
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
  };
}

describeEngines('SIGKILL of the built server while it sends mail, on %s', serverNotBuilt, (engine: Engine) => {
  const servers: ServerProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await killServer(server);
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(database: TestDatabase, smtp: SmtpCapture, env: Record<string, string> = {}) {
    const server = await spawnBuiltServer({
      NODE_ENV: 'production',
      JWT_SECRET: 'mail-crash-test-secret-that-is-long-enough',
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl && { DATABASE_URL: database.databaseUrl }),
      SUPER_ADMIN_EMAIL: 'root@example.org',
      SUPER_ADMIN_PASSWORD: 'root-password-1',
      SEED_DEMO: 'false',
      BACKUP_SCHEDULE: 'false',
      LOG_LEVEL: 'error',
      SMTP_URL: smtp.url,
      ...env,
    });
    servers.push(server);
    return server;
  }

  builtServerTest(
    'every queued mail arrives at least once; only the ones in flight at the kill arrive twice, with the same Message-ID',
    async () => {
      const database = await createTestDatabase(engine);
      cleanups.push(() => database.drop());
      const db: Db = createDb({ databaseUrl: database.databaseUrl, sqliteFile: path.join(database.dataDir, 'app.db') });
      cleanups.push(() => db.destroy());
      const smtp = await startSmtpCapture();
      cleanups.push(() => smtp.close());
      await migrateToLatest(db);
      const now = new Date();
      await db.batchInsert(
        'mail_queue',
        Array.from({ length: MAILS }, (_, index) => queuedRow(index, now)),
        100,
      );
      const rows = await db('mail_queue').select('message_id');
      const messageIds = new Set(rows.map((row) => row.message_id));

      // The server sends the queue at start; once some mails are through, the SMTP server stops
      // confirming, and the process is killed while it waits for the replies.
      const first = await start(database, smtp);
      await waitUntil(first, 'some mails delivered', () => smtp.mails.length >= 40);
      smtp.holdReplies();
      await waitUntil(first, 'a mail delivered but not confirmed', () => smtp.heldReplies() >= 1);
      first.child.kill('SIGKILL');
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      smtp.releaseReplies();

      // PostgreSQL marks the rows it sends `sending`; SQLite holds them in memory, still queued: there
      // the rows in flight are among those not marked sent.
      const unmarked = db('mail_queue').select('message_id');
      if (engine === 'postgres') void unmarked.where({ state: 'sending' });
      else void unmarked.whereNot({ state: 'sent' });
      const inFlight = new Set((await unmarked).map((row) => row.message_id));
      const deliveredBeforeKill = smtp.mails.length;
      expect(inFlight.size).toBeGreaterThan(0);
      expect(deliveredBeforeKill).toBeLessThan(MAILS);

      // PostgreSQL: another instance might be sending those rows, so the restarted one waits for the
      // claim timeout; SQLite has no other sender and takes them back at start.
      const second = await start(database, smtp, engine === 'postgres' ? { MAIL_CLAIM_TIMEOUT_SECONDS: '5' } : {});
      await waitUntil(
        second,
        'the queue sent',
        async () => Number((await db('mail_queue').whereNot({ state: 'sent' }).count({ count: '*' }))[0]!.count) === 0,
        60_000,
      );

      const copies = new Map<string, number>();
      for (const mail of smtp.mails) copies.set(mail.messageId, (copies.get(mail.messageId) ?? 0) + 1);
      // Every mail arrived, under the Message-ID of its row and no other.
      expect([...copies.keys()].sort()).toEqual([...messageIds].sort());
      // Twice at most, and only a mail the killed process had in flight.
      const twice = [...copies].filter(([, count]) => count > 1);
      expect(
        twice.every(([id, count]) => count === 2 && inFlight.has(id)),
        JSON.stringify(twice),
      ).toBe(true);
      expect(smtp.mails.length).toBeLessThanOrEqual(MAILS + inFlight.size);
      // The mail whose confirmation was held back when the process died is one of them; no more
      // arrive twice than the worker holds at once (2 batches of 25, mailer.ts).
      expect(twice.length).toBeGreaterThan(0);
      expect(twice.length).toBeLessThanOrEqual(50);
      expect(second.stderr()).toBe('');
    },
    120_000,
  );
});
