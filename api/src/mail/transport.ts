/**
 * Where the mailer's mails go: over SMTP_URL through nodemailer's pooled SMTP transport (a few
 * connections, each carrying mail after mail), or, without it, as .eml files in DATA_DIR/outbox and a
 * log line, so a fresh install can still follow reset and invitation links. nodemailer composes every
 * message (MIME, header encoding and folding) in both.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../lib/logger.js';
import { sendOptions, type OutgoingMail } from './outgoing.js';

export interface MailTransport {
  /** Sends one mail; a refusal rejects with nodemailer's error (responseCode for an SMTP reply). */
  send(mail: OutgoingMail, date: Date, name: string): Promise<void>;
  close(): void;
}

/**
 * SMTP connections open at once, unless SMTP_URL's own `maxConnections` says otherwise: each carries
 * mail after mail, so a few keep up with an announcement (hundreds a second on loopback) and stay
 * within what providers allow one client.
 */
export const SMTP_CONNECTIONS = 5;

/** SMTP_URL with nodemailer's pool on, as query parameters (its URL form), the operator's own kept. */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', String(SMTP_CONNECTIONS));
  return url.toString();
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(pooledSmtpUrl(smtpUrl));
  return {
    async send(mail, date) {
      await transporter.sendMail(sendOptions(from, mail, date));
    },
    close: () => transporter.close(),
  };
}

/** `name`: the file's name without its extension (the row's id and Message-ID). */
export function outboxTransport(outboxDir: string, from: string, logger: Logger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail, date, name) {
      const info = (await transporter.sendMail(sendOptions(from, mail, date))) as { message: Buffer };
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir, `${name}.eml`);
      // Unix line ends in the files, for reading on the developer's machine (the composer writes CRLF).
      await writeFile(file, info.message.toString('utf8').replace(/\r\n/g, '\n'), { mode: 0o600 });
      logger.info({ subject: mail.subject, file }, 'mail written to outbox (SMTP_URL is not set)');
    },
    close: () => transporter.close(),
  };
}
