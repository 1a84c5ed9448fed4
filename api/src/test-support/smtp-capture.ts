/** A real SMTP server on loopback that keeps every message it receives, parsed. */
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** A reply the server gives every message instead of accepting it (a 4xx or 5xx code and its text). */
export interface SmtpRefusal {
  code: number;
  message: string;
}

export interface SmtpCapture {
  url: string;
  mails: CapturedMail[];
  /** Refuse every message with this reply from now on; `undefined` accepts again. */
  refuseWith(refusal: SmtpRefusal | undefined): void;
  waitForMail(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** `port`: a given one (a server that comes up where a mailer already points); any free one by default. */
export async function startSmtpCapture(port = 0): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  let refusal: SmtpRefusal | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal) {
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          return;
        }
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            mails.push({
              to: (email.to ?? []).map((address) => address.address ?? ''),
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              messageId: email.messageId ?? '',
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    mails,
    refuseWith(next) {
      refusal = next;
    },
    async waitForMail(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = mails.find(predicate);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`No matching mail within ${timeoutMs} ms (received: ${mails.map((m) => m.subject).join(', ')})`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
