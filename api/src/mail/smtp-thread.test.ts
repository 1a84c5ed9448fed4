/**
 * The SMTP thread (smtp-thread.ts) against a real SMTP server on loopback: a mail goes out whole, a
 * refusal comes back with the reply code the mailer reads, an idle thread ends and is started again
 * by the next mail, and on SQLite it writes the mailer's marks on a connection of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../test-support/smtp-capture.js';
import type { OutgoingBatch, OutgoingMail } from './outgoing.js';
import { createSmtpThread, type SmtpThread } from './smtp-thread.js';

let smtp: SmtpCapture;
const threads: SmtpThread[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp?.close();
});
afterEach(async () => {
  for (const thread of threads.splice(0)) await thread.close();
  smtp.refuseWith(undefined);
});

function thread(idleMs?: number, sqliteFile?: string): SmtpThread {
  const created = createSmtpThread({
    smtpUrl: smtp.url,
    from: 'Site <noreply@example.org>',
    connections: 2,
    ...(idleMs !== undefined && { idleMs }),
    sqliteFile,
  });
  threads.push(created);
  return created;
}

const mail = (to: string): OutgoingMail => ({
  to,
  subject: `Hello ${to}`,
  body: { text: 'Plain part', html: '<p>HTML part</p>' },
  listUnsubscribe: 'https://example.org/unsubscribe?token=1.x',
  messageId: `<${to}@example.org>`,
});
const one = (to: string): OutgoingBatch => ({ templates: [], mails: [mail(to)] });

it('sends a mail whole: both parts, its headers and its Message-ID', async () => {
  expect(await thread().send(one('ana@example.org'))).toEqual([undefined]);
  const received = await smtp.waitForMail((candidate) => candidate.to[0] === 'ana@example.org');
  expect(received).toMatchObject({
    subject: 'Hello ana@example.org',
    text: 'Plain part\n',
    html: '<p>HTML part</p>\n',
  });
  expect(received.headers.from).toBe('Site <noreply@example.org>');
  expect(received.messageId).toBe('<ana@example.org@example.org>');
  expect(received.headers['list-unsubscribe']).toBe('<https://example.org/unsubscribe?token=1.x>');
  expect(received.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
});

it("fills a batch's template with each mail's link, escaped in the HTML part", async () => {
  const links = ['https://example.org/u?token=1&a=b', 'https://example.org/u?token=2'];
  const failures = await thread().send({
    templates: [{ text: ['Read this; unsubscribe: ', '\nBye'], html: ['<p><a href="', '">Unsubscribe</a></p>'] }],
    mails: links.map((link, at) => ({
      to: `member${at}@example.org`,
      subject: 'News',
      messageId: `<news-${at}@example.org>`,
      listUnsubscribe: link,
      body: { template: 0 },
    })),
  });
  expect(failures).toEqual([undefined, undefined]);
  const first = await smtp.waitForMail((candidate) => candidate.to[0] === 'member0@example.org');
  expect(first.text).toBe('Read this; unsubscribe: https://example.org/u?token=1&a=b\nBye\n');
  expect(first.html).toBe('<p><a href="https://example.org/u?token=1&#38;a=b">Unsubscribe</a></p>\n');
  const second = await smtp.waitForMail((candidate) => candidate.to[0] === 'member1@example.org');
  expect(second.headers['list-unsubscribe']).toBe('<https://example.org/u?token=2>');
});

it('carries mail after mail over a pool of at most its number of connections', async () => {
  const before = smtp.connections();
  const batch = (from: number): OutgoingBatch => ({
    templates: [],
    mails: Array.from({ length: 6 }, (_, at) => mail(`pooled${from + at}@example.org`)),
  });
  expect(await thread().send(batch(0))).toEqual(Array(6).fill(undefined));
  expect(await threads[0]!.send(batch(6))).toEqual(Array(6).fill(undefined));
  expect(smtp.mails.filter((received) => received.to[0]!.startsWith('pooled'))).toHaveLength(12);
  // 12 mails, two connections (the thread's `connections: 2`): not one a mail.
  expect(smtp.connections() - before).toBeLessThanOrEqual(2);
});

it('fails a mail that cannot be composed alone: the rest of its batch goes out, and the thread goes on', async () => {
  const broken: OutgoingMail = { ...mail('broken@example.org'), body: { template: 3 } };
  const batch: OutgoingBatch = {
    templates: [],
    mails: [mail('before0@example.org'), mail('before1@example.org'), broken, mail('after0@example.org')],
  };
  const failures = await thread().send(batch);
  expect(failures.map((failure) => failure instanceof Error)).toEqual([false, false, true, false]);
  for (const to of ['before0@example.org', 'before1@example.org', 'after0@example.org']) {
    await smtp.waitForMail((candidate) => candidate.to[0] === to);
  }
  expect(smtp.mails.some((received) => received.to[0] === 'broken@example.org')).toBe(false);
  expect(await threads[0]!.send(one('later@example.org'))).toEqual([undefined]);
});

it("answers a refusal with the server's reply code and text", async () => {
  smtp.refuseWith({ code: 550, message: 'No such mailbox' });
  const [failure] = (await thread().send(one('nobody@example.org'))) as (
    { responseCode?: number; response?: string } | undefined
  )[];
  expect(failure?.responseCode).toBe(550);
  expect(failure?.response).toContain('No such mailbox');
});

it('ends when idle, and the next mail starts it again', async () => {
  const smtpThread = thread(50);
  expect(smtpThread.running()).toBe(false);
  await smtpThread.send(one('first@example.org'));
  expect(smtpThread.running()).toBe(true);
  await expect.poll(() => smtpThread.running()).toBe(false);
  await smtpThread.send(one('second@example.org'));
  await smtp.waitForMail((candidate) => candidate.to[0] === 'second@example.org');
  expect(smtpThread.running()).toBe(true);
});

it('writes to a SQLite file on its own connection, between mails; a failed write comes back with its code', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'npo-smtp-writes-'));
  const file = path.join(dir, 'app.db');
  const site = new Database(file);
  try {
    site.pragma('journal_mode = WAL');
    site.exec(
      "create table queue (id integer primary key, state text not null); insert into queue (state) values ('queued'), ('queued')",
    );
    const smtpThread = thread(undefined, file);
    await smtpThread.send(one('marked@example.org'));
    expect(await smtpThread.writer!.write('update queue set state = ? where id = ?', ['sent', 1])).toBe(1);
    // The site's connection sees the write at once.
    expect(site.prepare('select state from queue order by id').pluck().all()).toEqual(['sent', 'queued']);
    await expect(smtpThread.writer!.write('update queue set state = null', [])).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_NOTNULL',
    });
    expect(await smtpThread.send(one('after@example.org'))).toEqual([undefined]);
  } finally {
    site.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

it('has no writer without a SQLite file (PostgreSQL writes from the site, or no database file to open)', () => {
  expect(thread().writer).toBeUndefined();
});
