/**
 * Device tokens (issue 19, OWASP's guidance on lockout denial of service): a browser or desktop app
 * that signed in to an account gets a token naming that account and a random device id. A sign-in to
 * the same account carrying it is not counted against its address or the site (a flood from strangers
 * cannot refuse it), only against the account's own lockout, keyed by the device instead of the address.
 *
 * Not a credential: it opens nothing, it only exempts a sign-in from others' traffic. HMAC-SHA-256 with
 * a key of its own (HKDF of JWT_SECRET with another label), so it can never pass as any other token.
 * Format `d2.<userId>.<generation>.<deviceId>.<issuedAtSeconds>.<mac>`; valid a year from its last issue
 * (every successful sign-in with it issues it again with the same device id). `generation` is the
 * account's `device_generation` when it was issued: a password change, "end other sessions" and the
 * closing of the account raise it (issue 52), and a token of an older generation counts as unknown.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_TOKEN_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** Bound of a token as the sign-in schemas accept it. */
export const DEVICE_TOKEN_MAX_LENGTH = 200;

export interface KnownDevice {
  userId: number;
  deviceId: string;
  /** The account's device generation the token was issued in (still to compare with the account's). */
  generation: number;
}

const keys = new Map<string, Buffer>();
function keyOf(jwtSecret: string): Buffer {
  let key = keys.get(jwtSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', jwtSecret, 'npo-device-token', 'known device', 32));
    keys.set(jwtSecret, key);
  }
  return key;
}

const macOf = (jwtSecret: string, body: string) =>
  createHmac('sha256', keyOf(jwtSecret)).update(body).digest('base64url');

/** The account and generation of a token; `deviceId` of the token the sign-in came with keeps the device the same. */
export function issueDeviceToken(
  jwtSecret: string,
  account: { userId: number; generation: number },
  now: Date,
  deviceId?: string,
): string {
  const device = deviceId ?? randomBytes(12).toString('base64url');
  const body = `d2.${account.userId}.${account.generation}.${device}.${Math.floor(now.getTime() / 1000)}`;
  return `${body}.${macOf(jwtSecret, body)}`;
}

/** The account and device of an unexpired token of ours; null for anything else. */
export function verifyDeviceToken(jwtSecret: string, token: unknown, now: Date): KnownDevice | null {
  if (typeof token !== 'string' || token.length > DEVICE_TOKEN_MAX_LENGTH) return null;
  const match = /^(d2\.(\d{1,12})\.(\d{1,9})\.([A-Za-z0-9_-]{16})\.(\d{1,12}))\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, body = '', userId = '', generation = '', deviceId = '', issuedAt = '', mac = ''] = match;
  const expected = Buffer.from(macOf(jwtSecret, body));
  if (!timingSafeEqual(expected, Buffer.from(mac))) return null;
  const issuedMs = Number(issuedAt) * 1000;
  // A token from the future (a clock moved back) is as good as one issued now; an old one has expired.
  if (now.getTime() - issuedMs >= DEVICE_TOKEN_TTL_MS) return null;
  return { userId: Number(userId), deviceId, generation: Number(generation) };
}

/** The subject the account's lockout counts for a known device, in place of its address. */
export const deviceSubject = (device: KnownDevice) => `device:${device.deviceId}`;
