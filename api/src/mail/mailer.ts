/**
 * Mail over SMTP_URL; without it, each message becomes an .eml file in DATA_DIR/outbox and a log line,
 * so a fresh install can still follow reset and invitation links.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from '../lib/logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Sends in the background (so answers take the same time whether or not a mail goes out). */
  queue(message: MailMessage): void;
  /**
   * Runs `work` after the current answer has gone (on the next turn of the event loop) and sends the
   * mail it answers, if any: what a request must not do while its client waits (forgot-password's
   * writes, issue 19). A failure is logged with `failure`.
   */
  queueWork(work: () => Promise<MailMessage | null>, failure: string): void;
  /** Waits for queued mails and work: used at shutdown and by tests. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}

export function createMailer(options: MailerOptions): Mailer {
  const { logger } = options;
  // nodemailer loads with the first mail: most starts send none, and start-up should not wait for it.
  let transport: Promise<Transporter> | undefined;
  const openTransport = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    const info = await (await openTransport()).sendMail({ from: options.from, ...message });
    if (options.smtpUrl) {
      logger.info({ subject: message.subject, messageId: info.messageId }, 'mail sent');
      return;
    }
    await mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    logger.info({ subject: message.subject, file }, 'mail written to outbox (SMTP_URL is not set)');
  }

  return {
    send,
    queue(message) {
      const sending = send(message)
        .catch((error: unknown) => logger.error({ err: error, subject: message.subject }, 'mail failed'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    queueWork(work, failure) {
      const running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(async (message) => {
          if (message) await send(message);
        })
        .catch((error: unknown) => logger.error({ err: error }, failure))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await Promise.all([...pending]);
      await transport?.then(
        (opened) => opened.close(),
        () => {},
      );
    },
  };
}
