/** Access tokens (JWT, HS256 pinned) and single-use secrets (reset and invitation links). */
import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { TOKEN_EXPIRY } from '@npo/shared';

export interface AccessClaims {
  userId: number;
  tokenVersion: number;
  /** The sessions row this token belongs to: ending it refuses the token. */
  sessionId: number;
}

/**
 * The secret as a key object, made once per secret. Given a string, jsonwebtoken first tries to read
 * it as a PEM key (createPublicKey, createPrivateKey) and builds the secret key only once that has
 * thrown: about 0.1 ms of the event loop on every authenticated request (issue 19's staff load).
 */
let lastKey: { secret: string; key: KeyObject } | undefined;
function keyOf(secret: string): KeyObject {
  if (lastKey?.secret !== secret) lastKey = { secret, key: createSecretKey(Buffer.from(secret)) };
  return lastKey.key;
}

/** Issued at `now` of the injected clock, which verifyAccessToken also reads, so expiry follows one clock. */
export function signAccessToken(secret: string, claims: AccessClaims, now: Date): string {
  return jwt.sign(
    { tv: claims.tokenVersion, sid: claims.sessionId, iat: Math.floor(now.getTime() / 1000) },
    keyOf(secret),
    {
      algorithm: 'HS256',
      expiresIn: TOKEN_EXPIRY,
      subject: String(claims.userId),
    },
  );
}

/** Null for anything but a valid, unexpired HS256 token of ours. */
export function verifyAccessToken(secret: string, token: string, now: Date): AccessClaims | null {
  try {
    const payload = jwt.verify(token, keyOf(secret), {
      algorithms: ['HS256'],
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
    if (typeof payload === 'string' || typeof payload.tv !== 'number' || !/^\d+$/.test(payload.sub ?? '')) return null;
    // Tokens from before sessions existed name none: they are refused, and their holders sign in again.
    if (!Number.isSafeInteger(payload.sid)) return null;
    return { userId: Number(payload.sub), tokenVersion: payload.tv, sessionId: payload.sid as number };
  } catch {
    return null;
  }
}

/** 32 random bytes for the link; only the SHA-256 is stored, so a database leak opens no account. */
export function createSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
