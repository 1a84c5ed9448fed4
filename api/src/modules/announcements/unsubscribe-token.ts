/**
 * The signed token of an announcement mail's one-click unsubscribe link: `<account id>.<HMAC>`, the
 * HMAC-SHA256 of the id under a key derived from JWT_SECRET for this purpose only (HKDF, its own label),
 * so it proves the link came from us for that account and cannot be turned into any other token.
 * It does not expire: RFC 8058 links must keep working in old mails. A changed JWT_SECRET voids them.
 */
import { UNSUBSCRIBE_TOKEN_SHAPE } from '@npo/shared';
import { createHmac, createSecretKey, hkdfSync, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * The derived key of the last secret asked for: a send signs one link per recipient, and deriving the
 * key each time was most of a 10,000-member send's time on the event loop (a CPU profile of
 * scripts/bench/announce-load.mjs). A process has one JWT_SECRET; tests that change it derive again.
 */
let derived: { jwtSecret: string; key: KeyObject } | undefined;

function keyOf(jwtSecret: string): KeyObject {
  if (derived?.jwtSecret !== jwtSecret) {
    const bytes = Buffer.from(hkdfSync('sha256', jwtSecret, 'npo-announcements', 'one-click unsubscribe', 32));
    derived = { jwtSecret, key: createSecretKey(bytes) };
  }
  return derived.key;
}

const macOf = (jwtSecret: string, userId: number) =>
  createHmac('sha256', keyOf(jwtSecret)).update(`unsubscribe:${userId}`).digest();

export function signUnsubscribeToken(jwtSecret: string, userId: number): string {
  return `${userId}.${macOf(jwtSecret, userId).toString('base64url')}`;
}

/** The account id the token was signed for, or null for anything else (tampered, truncated, foreign). */
export function verifyUnsubscribeToken(jwtSecret: string, token: string): number | null {
  const match = UNSUBSCRIBE_TOKEN_SHAPE.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = macOf(jwtSecret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

export function unsubscribeUrl(publicUrl: string, jwtSecret: string, userId: number): string {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(signUnsubscribeToken(jwtSecret, userId))}`;
}
