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
  /** Every header, by lower-case name (the last one where a name repeats). */
  headers: Record<string, string>;
  /** The attached files, their content as text (a calendar file). */
  attachments: { filename: string; mimeType: string; content: string }[];
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
  /**
   * From now on, keep each message received (it is in `mails`) but hold back the reply that accepts
   * it, until `releaseReplies`: the sender is left with mails in flight, delivered but not confirmed.
   */
  holdReplies(): void;
  /** Sends the replies held back, and accepts at once again. */
  releaseReplies(): void;
  /** How many replies are held back now. */
  heldReplies(): number;
  /** How many connections clients have opened since the server started. */
  connections(): number;
  waitForMail(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** `port`: a given one (a server that comes up where a mailer already points); any free one by default. */
export async function startSmtpCapture(port = 0): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  let refusal: SmtpRefusal | undefined;
  let holding = false;
  const held: (() => void)[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
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
              headers: Object.fromEntries(email.headers.map((header) => [header.key, header.value])),
              attachments: email.attachments.map((attachment) => ({
                filename: attachment.filename ?? '',
                mimeType: attachment.mimeType,
                content:
                  typeof attachment.content === 'string'
                    ? attachment.content
                    : new TextDecoder().decode(attachment.content),
              })),
            });
            if (holding) held.push(() => callback());
            else callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A sender that dies mid-conversation (a test kills it) resets its connection: not this server's failure.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.server.address() as AddressInfo).port;
  const release = () => {
    holding = false;
    for (const reply of held.splice(0)) reply();
  };
  return {
    url: `smtp://127.0.0.1:${listening}`,
    mails,
    refuseWith(next) {
      refusal = next;
    },
    holdReplies() {
      holding = true;
    },
    releaseReplies: release,
    heldReplies: () => held.length,
    connections: () => connections,
    async waitForMail(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = mails.find(predicate);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`No matching mail within ${timeoutMs} ms (received: ${mails.map((m) => m.subject).join(', ')})`);
    },
    close() {
      release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
