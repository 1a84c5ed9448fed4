import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureLogs, type LogCapture } from '../test-support/runtime-harness.js';
import { startSmtpCapture, type SmtpCapture } from '../test-support/smtp-capture.js';
import { createMailer, type MailMessage } from './mailer.js';
import { passwordResetMail } from './templates.js';

const FROM = 'Global Nutrition Network <no-reply@example.org>';

const message: MailMessage = {
  to: 'asha@example.org',
  subject: 'Hello from the network',
  text: 'Plain text body with a link: http://site.test/reset-password?token=abc',
  html: '<p>HTML body with <a href="http://site.test/reset-password?token=abc">a link</a></p>',
};

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('mailer', () => {
  let dataDir: string;
  let logs: LogCapture;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'npo-mail-'));
    logs = captureLogs();
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('without SMTP_URL', () => {
    it('writes each message to the outbox as an .eml with text and HTML parts, and logs it', async () => {
      const outboxDir = path.join(dataDir, 'outbox');
      const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir, logger: logs.logger });
      await mailer.send(message);
      await mailer.close();

      const files = readdirSync(outboxDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const file = path.join(outboxDir, files[0]!);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const raw = readFileSync(file);
      expect(raw.toString()).toMatch(/multipart\/alternative/);
      const parsed = await PostalMime.parse(raw);
      expect(parsed.from?.address).toBe('no-reply@example.org');
      expect(parsed.to?.map((address) => address.address)).toEqual(['asha@example.org']);
      expect(parsed.subject).toBe(message.subject);
      expect(parsed.text?.trim()).toBe(message.text);
      expect(parsed.html?.trim()).toBe(message.html);

      const logged = logs.entries().filter((entry) => entry.msg === 'mail written to outbox (SMTP_URL is not set)');
      expect(logged).toEqual([expect.objectContaining({ level: 30, subject: message.subject, file })]);
    });

    it('keeps queued messages apart and drains them', async () => {
      const outboxDir = path.join(dataDir, 'outbox');
      const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir, logger: logs.logger });
      for (let index = 0; index < 3; index += 1) mailer.queue({ ...message, subject: `Queued ${index}` });
      await mailer.drain();
      const subjects = await Promise.all(
        readdirSync(outboxDir).map(
          async (name) => (await PostalMime.parse(readFileSync(path.join(outboxDir, name)))).subject,
        ),
      );
      expect(subjects.sort()).toEqual(['Queued 0', 'Queued 1', 'Queued 2']);
      await mailer.close();
    });
  });

  describe('with SMTP_URL', () => {
    let smtp: SmtpCapture;
    beforeEach(async () => {
      smtp = await startSmtpCapture();
    });
    afterEach(async () => {
      await smtp.close();
    });

    it('delivers text and HTML to the SMTP server, and writes no outbox file', async () => {
      const outboxDir = path.join(dataDir, 'outbox');
      const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir, logger: logs.logger });
      const mail = passwordResetMail('ravi@example.org', 'Ravi', 'http://site.test/reset-password?token=tok-123');
      await mailer.send(mail);
      await mailer.close();

      const received = await smtp.waitForMail((captured) => captured.to.includes('ravi@example.org'));
      expect(received.subject).toBe(mail.subject);
      expect(received.text).toContain('http://site.test/reset-password?token=tok-123');
      expect(received.html).toContain('href="http://site.test/reset-password?token=tok-123"');
      expect(received.html).toMatch(/^<!doctype html>/i);
      expect(() => readdirSync(outboxDir)).toThrow();
      expect(logs.entries().filter((entry) => entry.msg === 'mail sent')).toEqual([
        expect.objectContaining({ subject: mail.subject, messageId: expect.any(String) }),
      ]);
    });

    it('delivers queued mails before close resolves', async () => {
      const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir: dataDir, logger: logs.logger });
      mailer.queue({ ...message, to: 'one@example.org' });
      mailer.queue({ ...message, to: 'two@example.org' });
      await mailer.close();
      expect(smtp.mails.flatMap((mail) => mail.to).sort()).toEqual(['one@example.org', 'two@example.org']);
    });
  });

  it('logs a failed queued mail instead of throwing, and send itself rejects', async () => {
    const smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
    const mailer = createMailer({ smtpUrl, from: FROM, outboxDir: dataDir, logger: logs.logger });
    mailer.queue(message);
    await mailer.drain();
    expect(logs.entries().filter((entry) => entry.msg === 'mail failed')).toEqual([
      expect.objectContaining({ level: 50, subject: message.subject }),
    ]);
    await expect(mailer.send(message)).rejects.toThrow();
    await mailer.close();
  });
});
