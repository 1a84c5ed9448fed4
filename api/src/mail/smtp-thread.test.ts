/**
 * The SMTP thread (smtp-thread.ts) against a real SMTP server on loopback: a mail goes out whole, a
 * refusal comes back with the reply code the mailer reads, and an idle thread ends and is started
 * again by the next mail.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../test-support/smtp-capture.js';
import { createSmtpThread, type OutgoingMail, type SmtpThread } from './smtp-thread.js';

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

function thread(idleMs?: number): SmtpThread {
  const created = createSmtpThread({ smtpUrl: smtp.url, ...(idleMs !== undefined && { idleMs }) });
  threads.push(created);
  return created;
}

const mail = (to: string): OutgoingMail => ({
  from: 'Site <noreply@example.org>',
  to,
  subject: `Hello ${to}`,
  text: 'Plain part',
  html: '<p>HTML part</p>',
  headers: { 'List-Unsubscribe': '<https://example.org/unsubscribe?token=1.x>' },
  messageId: `<${to}@example.org>`,
});

it('sends a mail whole: both parts, its headers and its Message-ID', async () => {
  await thread().send(mail('ana@example.org'));
  const received = await smtp.waitForMail((candidate) => candidate.to[0] === 'ana@example.org');
  expect(received).toMatchObject({
    subject: 'Hello ana@example.org',
    text: 'Plain part\n',
    html: '<p>HTML part</p>\n',
  });
  expect(received.messageId).toBe('<ana@example.org@example.org>');
  expect(received.headers['list-unsubscribe']).toBe('<https://example.org/unsubscribe?token=1.x>');
});

it("answers a refusal with the server's reply code and text", async () => {
  smtp.refuseWith({ code: 550, message: 'No such mailbox' });
  const failure = await thread()
    .send(mail('nobody@example.org'))
    .then(
      () => undefined,
      (error: unknown) => error as { responseCode?: number; response?: string },
    );
  expect(failure?.responseCode).toBe(550);
  expect(failure?.response).toContain('No such mailbox');
});

it('ends when idle, and the next mail starts it again', async () => {
  const smtpThread = thread(50);
  expect(smtpThread.running()).toBe(false);
  await smtpThread.send(mail('first@example.org'));
  expect(smtpThread.running()).toBe(true);
  await expect.poll(() => smtpThread.running()).toBe(false);
  await smtpThread.send(mail('second@example.org'));
  await smtp.waitForMail((candidate) => candidate.to[0] === 'second@example.org');
  expect(smtpThread.running()).toBe(true);
});
