/** The mails written without nodemailer's composer read back, parsed by a MIME parser, as they were given. */
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { quotedPrintable, rawMessage, type MimeMail } from './mime.js';

const DATE = new Date('2026-11-27T10:30:00Z');
const LINK = 'https://example.org/unsubscribe?token=abc.DEF-123_x%3D%3D&member=42';

const mail: MimeMail = {
  from: 'Réseau Global de Nutrition <no-reply@example.org>',
  to: 'zoe@example.org',
  replyTo: 'office@example.org',
  subject: 'Assemblée générale 2027 : l’ordre du jour, les résolutions et le vote 🗳️ des membres',
  messageId: '<0f3c2a9e-1b7d-4c55-9a0e-5e1f2d3c4b5a@example.org>',
  text: [
    'Chère Zoë,',
    '',
    `${'Une ligne bien plus longue que soixante-seize caractères, avec des accents é è à ü '.repeat(3)}fin.`,
    'Trailing space here ',
    'Trailing tab here\t',
    '.A line starting with a dot, and one = sign, and =20 written out.',
    'Windows line end\r\nand old Mac\rtoo.',
    `Unsubscribe: ${LINK}`,
  ].join('\n'),
  html: `<p>Chère Zoë,</p><p>${'Du texte HTML très long '.repeat(10)}</p><a href="${LINK}">Se désabonner</a>`,
  listUnsubscribe: LINK,
};

async function parsed(message: MimeMail) {
  const raw = rawMessage(message, DATE);
  if (!raw) throw new Error('rawMessage left the mail to nodemailer');
  return { raw, email: await PostalMime.parse(raw.raw) };
}

describe('rawMessage', () => {
  it('writes a mail a MIME parser reads back field for field, text and HTML', async () => {
    const { raw, email } = await parsed(mail);
    expect(raw.envelope).toEqual({ from: 'no-reply@example.org', to: ['zoe@example.org'] });
    expect(email.from).toMatchObject({ name: 'Réseau Global de Nutrition', address: 'no-reply@example.org' });
    expect(email.to?.map((address) => address.address)).toEqual(['zoe@example.org']);
    expect(email.replyTo?.map((address) => address.address)).toEqual(['office@example.org']);
    expect(email.subject).toBe(mail.subject);
    expect(email.messageId).toBe(mail.messageId);
    expect(new Date(email.date!).toISOString()).toBe(DATE.toISOString());
    expect(email.text?.replace(/\r\n/g, '\n').trimEnd()).toBe(mail.text.replace(/\r\n?/g, '\n'));
    expect(email.html?.trimEnd()).toBe(mail.html);
    const headers = Object.fromEntries(email.headers.map((header) => [header.key, header.value]));
    expect(headers['list-unsubscribe']).toBe(`<${LINK}>`);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['mime-version']).toBe('1.0');
  });

  it('keeps every line within the limits of RFC 5322 and 2045, and ends each with CRLF', async () => {
    const { raw } = await parsed(mail);
    const [head, ...body] = raw.raw.split('\r\n\r\n');
    expect(raw.raw).not.toMatch(/[^\r]\n|\r[^\n]/);
    // The unsubscribe link is a line of its own, as long as it is (up to 998); every other within 78.
    for (const line of head!.split('\r\n').filter((line) => !line.startsWith('List-Unsubscribe:')))
      expect(line.length, line).toBeLessThanOrEqual(78);
    for (const line of body.join('\r\n\r\n').split('\r\n')) expect(line.length, line).toBeLessThanOrEqual(76);
  });

  it('writes a mail without HTML as one text part, and a plain ASCII subject as it is', async () => {
    const { raw, email } = await parsed({ ...mail, html: undefined, subject: 'Your password was changed' });
    expect(raw.raw).not.toContain('multipart');
    expect(raw.raw).toContain('\r\nSubject: Your password was changed\r\n');
    expect(email.html).toBeUndefined();
    expect(email.text?.replace(/\r\n/g, '\n').trimEnd()).toBe(mail.text.replace(/\r\n?/g, '\n'));
  });

  it('cannot be given a header through a subject or a sender name', async () => {
    const subject = 'Hello\r\nBcc: everyone@example.org';
    const { raw, email } = await parsed({ ...mail, subject, from: 'Eve\r\nBcc: x@example.org <eve@example.org>' });
    expect(email.subject).toBe(subject);
    expect(email.headers.map((header) => header.key)).not.toContain('bcc');
    expect(raw.raw.split('\r\n\r\n')[0]).not.toMatch(/^Bcc:/m);
  });

  it('quotes a sender name with specials and leaves international addresses to nodemailer', async () => {
    const { raw, email } = await parsed({ ...mail, from: 'Global Nutrition Network, Inc. <no-reply@example.org>' });
    expect(raw.raw).toContain('From: "Global Nutrition Network, Inc." <no-reply@example.org>');
    expect(email.from?.name).toBe('Global Nutrition Network, Inc.');
    expect(rawMessage({ ...mail, to: 'zoë@exämple.org' }, DATE)).toBeNull();
    expect(rawMessage({ ...mail, replyTo: 'bureau@exämple.org' }, DATE)).toBeNull();
    expect(rawMessage({ ...mail, listUnsubscribe: `${LINK} with a space` }, DATE)).toBeNull();
  });
});

describe('quotedPrintable', () => {
  it('encodes what is not printable ASCII, and trailing white space, and breaks long lines softly', () => {
    expect(quotedPrintable('a=b é')).toBe('a=3Db =C3=A9');
    expect(quotedPrintable('end ')).toBe('end=20');
    expect(quotedPrintable('x\ty\t')).toBe('x\ty=09');
    const long = quotedPrintable('é'.repeat(40));
    expect(long.split('\r\n').every((line) => line.length <= 76)).toBe(true);
    expect(long.split('\r\n')[0]).toMatch(/=$/);
    expect(long).not.toMatch(/=[0-9A-F]?=\r\n/);
  });
});
