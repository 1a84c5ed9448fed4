import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens.js';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-0123';
const NOW = new Date('2026-11-26T12:00:00.000Z');
const CLAIMS = { userId: 7, tokenVersion: 2, sessionId: 41 };

describe('access tokens', () => {
  it('are the HS256 tokens of the secret as text: issued before the key object was kept, still accepted', () => {
    const token = signAccessToken(SECRET, CLAIMS, NOW);
    const payload = jwt.verify(token, SECRET, { algorithms: ['HS256'], clockTimestamp: NOW.getTime() / 1000 });
    expect(payload).toMatchObject({ sub: '7', tv: 2, sid: 41 });
    const issuedFromText = jwt.sign({ tv: 2, sid: 41, iat: NOW.getTime() / 1000 }, SECRET, {
      algorithm: 'HS256',
      expiresIn: '1h',
      subject: '7',
    });
    expect(verifyAccessToken(SECRET, issuedFromText, NOW)).toEqual(CLAIMS);
  });

  it('refuses a token of another secret, even after the first secret was used', () => {
    const token = signAccessToken(SECRET, CLAIMS, NOW);
    expect(verifyAccessToken(`${SECRET}-other`, token, NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, token, NOW)).toEqual(CLAIMS);
  });
});
