/** Telling a mail that could not go out from any other failure of the same request. */

/** The codes nodemailer gives its SMTP errors: connection, TLS, authentication, a refused envelope or message. */
const NODEMAILER_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EREQUIRETLS',
  'EAUTH',
  'ENOAUTH',
  'EOAUTH2',
  'EENVELOPE',
  'EMESSAGE',
  'EPROTOCOL',
  'ESTREAM',
  'EMAXLIMIT',
  'ECONFIG',
]);

export function isMailDeliveryFailure(error: unknown): boolean {
  const { code, syscall, path } = (error ?? {}) as { code?: unknown; syscall?: unknown; path?: unknown };
  if (typeof code !== 'string') return false;
  // Without SMTP_URL the mail is a file in DATA_DIR/outbox: a file that cannot be written is a mail not sent.
  return NODEMAILER_CODES.has(code) || (typeof syscall === 'string' && typeof path === 'string');
}
