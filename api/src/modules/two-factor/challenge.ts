/**
 * The challenge of the first sign-in step: proof that the password was right, good for
 * TWO_FACTOR_CHALLENGE_TTL_S, bound to the account and its token version (a password reset voids it).
 * It is signed with a key of its own (HKDF of JWT_SECRET with another label) and carries no session
 * id, so it can never pass as an access token: sent as a Bearer token it is refused like any bad one.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { TWO_FACTOR_CHALLENGE_TTL_S } from '@npo/shared';
import jwt from 'jsonwebtoken';

const AUDIENCE = 'two-factor-challenge';

export interface ChallengeClaims {
  userId: number;
  tokenVersion: number;
}

/** A verified challenge also names itself: wrong codes are counted per challenge (spent after 5). */
export interface VerifiedChallenge extends ChallengeClaims {
  challengeId: string;
}

const keyOf = (jwtSecret: string) =>
  Buffer.from(hkdfSync('sha256', jwtSecret, 'npo-two-factor', 'sign-in challenge', 32));

export function signChallenge(jwtSecret: string, claims: ChallengeClaims, now: Date): string {
  return jwt.sign({ tv: claims.tokenVersion, iat: Math.floor(now.getTime() / 1000) }, keyOf(jwtSecret), {
    algorithm: 'HS256',
    jwtid: randomBytes(12).toString('base64url'),
    audience: AUDIENCE,
    expiresIn: TWO_FACTOR_CHALLENGE_TTL_S,
    subject: String(claims.userId),
  });
}

/** Null for anything but an unexpired challenge of ours. */
export function verifyChallenge(jwtSecret: string, challenge: string, now: Date): VerifiedChallenge | null {
  try {
    const payload = jwt.verify(challenge, keyOf(jwtSecret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
    if (typeof payload === 'string' || typeof payload.tv !== 'number' || !/^\d+$/.test(payload.sub ?? '')) return null;
    if (typeof payload.jti !== 'string' || !/^[\w-]{16}$/.test(payload.jti)) return null;
    return { userId: Number(payload.sub), tokenVersion: payload.tv, challengeId: payload.jti };
  } catch {
    return null;
  }
}
