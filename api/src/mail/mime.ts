/**
 * The MIME text of a mail, written directly: a text part and an optional HTML part, both UTF-8 in
 * quoted-printable, and the headers a mail of ours carries. nodemailer builds the same message as a
 * tree of nodes piped through a chain of streams, about 1 ms of CPU a mail: an announcement to
 * 10,000 members spent 10 s of a core in it, beside the site (issue 22). Here a mail is a few string
 * joins (about half the CPU, and less garbage on the SMTP thread), handed to nodemailer as `raw`.
 *
 * Only addresses in plain ASCII are written here, and an unsubscribe link of 900 characters at most
 * (`rawMessage` answers null otherwise: nodemailer's composer then builds the mail, as it encodes
 * international addresses). Subjects, the sender's name and bodies may be in any language.
 *
 * These functions run on the SMTP thread from their source text (smtp-thread.ts): they use nothing
 * from this module's scope but each other, and no import.
 */

/** What a mail's raw text needs from the mailer: who it is from and to, and the rest. */
export interface MimeMail {
  from: string;
  to: string;
  subject: string;
  messageId: string;
  replyTo?: string;
  text: string;
  html?: string | null;
  listUnsubscribe?: string;
}

/** The SMTP envelope and the raw message, as nodemailer's sendMail takes them; null: not a plain-ASCII address. */
export interface RawMail {
  envelope: { from: string; to: string[] };
  raw: string;
}

/** A header value as RFC 2047 encoded words (base64, UTF-8), folded, where it is not plain printable ASCII. */
export function mimeHeaderValue(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value) && value.length <= 900) return value;
  const words: string[] = [];
  let bytes: number[] = [];
  const flush = () => {
    if (bytes.length > 0) words.push(`=?UTF-8?B?${Buffer.from(bytes).toString('base64')}?=`);
    bytes = [];
  };
  // 39 bytes make 52 base64 characters: with =?UTF-8?B??= a word of 64, so a line of 78 at most after
  // "Subject: ", and never a character cut in two.
  for (const char of value) {
    const encoded = Buffer.from(char, 'utf8');
    if (bytes.length + encoded.length > 39) flush();
    bytes.push(...encoded);
  }
  flush();
  return words.join('\r\n ');
}

/** A body in quoted-printable (RFC 2045): CRLF line ends, lines of 76 characters at most. */
export function quotedPrintable(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const bytes = Buffer.from(line, 'utf8');
    let current = '';
    for (let index = 0; index < bytes.length; index += 1) {
      const byte = bytes[index]!;
      const last = index === bytes.length - 1;
      const literal = (byte >= 33 && byte <= 126 && byte !== 61) || ((byte === 32 || byte === 9) && !last);
      const token = literal ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      // A soft break (`=` at the end) keeps each line within 76 characters.
      if (current.length + token.length > 75) {
        out.push(`${current}=`);
        current = '';
      }
      current += token;
    }
    out.push(current);
  }
  return out.join('\r\n');
}

/** The mail's envelope and raw text, or null when an address is not plain ASCII (nodemailer writes those). */
export function rawMessage(mail: MimeMail, date: Date): RawMail | null {
  const plain = /^[\x21-\x7e]+@[\x21-\x7e]+$/;
  const named = /^\s*(?:"?([^"<>]*?)"?\s*)?<([^<>\s]+)>\s*$/.exec(mail.from);
  const fromAddress = named ? named[2]! : mail.from.trim();
  const fromName = named?.[1]?.trim() ?? '';
  if (![fromAddress, mail.to, mail.replyTo ?? 'a@b'].every((address) => plain.test(address))) return null;
  const link = mail.listUnsubscribe;
  if (link !== undefined && !/^[\x21-\x7e]{1,900}$/.test(link)) return null;
  const quotedName = /^[\w !#$%&'*+/=?^`{|}~-]*$/.test(fromName)
    ? fromName
    : /^[\x20-\x7e]*$/.test(fromName)
      ? `"${fromName.replace(/["\\]/g, '\\$&')}"`
      : mimeHeaderValue(fromName);
  const headers = [
    // Folded before the address where the line would pass 78 characters.
    `From: ${fromName ? `${quotedName}${quotedName.length + fromAddress.length > 68 ? '\r\n' : ''} <${fromAddress}>` : fromAddress}`,
    `To: ${mail.to}`,
    ...(mail.replyTo !== undefined ? [`Reply-To: ${mail.replyTo}`] : []),
    `Subject: ${mimeHeaderValue(mail.subject)}`,
    `Message-ID: ${mail.messageId}`,
    `Date: ${date.toUTCString().replace(/GMT$/, '+0000')}`,
    'MIME-Version: 1.0',
    ...(link !== undefined ? [`List-Unsubscribe: <${link}>`, 'List-Unsubscribe-Post: List-Unsubscribe=One-Click'] : []),
  ];
  const partHeaders = (type: string) => [
    `Content-Type: ${type}; charset=utf-8`,
    'Content-Transfer-Encoding: quoted-printable',
  ];
  let body: string;
  if (typeof mail.html === 'string') {
    // "=_" never occurs in quoted-printable text, so no part can hold the boundary.
    const boundary = `=_npo_${mail.messageId.replace(/[^\w.-]/g, '').slice(0, 40)}`;
    const part = (type: string, text: string) =>
      `--${boundary}\r\n${partHeaders(type).join('\r\n')}\r\n\r\n${quotedPrintable(text)}\r\n`;
    headers.push(`Content-Type: multipart/alternative;\r\n boundary="${boundary}"`);
    body = `${part('text/plain', mail.text)}${part('text/html', mail.html)}--${boundary}--\r\n`;
  } else {
    headers.push(...partHeaders('text/plain'));
    body = `${quotedPrintable(mail.text)}\r\n`;
  }
  return { envelope: { from: fromAddress, to: [mail.to] }, raw: `${headers.join('\r\n')}\r\n\r\n${body}` };
}
