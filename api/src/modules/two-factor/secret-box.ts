/**
 * TOTP secrets are stored encrypted (AES-256-GCM), with a key derived from JWT_SECRET by HKDF. Why:
 * unlike a password, the secret must be readable to check a code, so a hash will not do; encrypted,
 * a copy of the database alone (a backup, a dump, a read-only SQL injection) gives no one the codes.
 * The key lives only in the server's environment, as the JWT secret does. The price: changing
 * JWT_SECRET makes the stored secrets unreadable; staff then sign in with a recovery code (those are
 * hashes, no key involved) and set up two-factor again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const keys = new Map<string, Buffer>();

function keyFor(jwtSecret: string): Buffer {
  let key = keys.get(jwtSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', jwtSecret, 'npo-two-factor', 'totp secret encryption', 32));
    keys.set(jwtSecret, key);
  }
  return key;
}

export function sealSecret(jwtSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(jwtSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** Null when the text was not sealed with this key (JWT_SECRET changed) or was altered. */
export function openSecret(jwtSecret: string, stored: string): string | null {
  const [version, body] = stored.split(':');
  if (version !== VERSION || !body) return null;
  const bytes = Buffer.from(body, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(jwtSecret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
