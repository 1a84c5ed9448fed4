/**
 * Challenges and checks of the contact form's proof of work (shared/src/proof-of-work.ts says how it
 * works). Stateless: the salt carries its expiry and the HMAC signature proves the challenge is ours,
 * so any instance checks what another issued. That a solution is used once is the caller's to record
 * (the rate-limit counters, shared by every instance: contact-messages/routes.ts).
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { ProofOfWorkChallenge } from '@npo/shared';

/** About 25,000 hashes on average: under a second in a browser, real work for every message of a flood. */
export const PROOF_OF_WORK_MAX_NUMBER = 50_000;
/** A challenge can be solved and sent within this; a solution cannot be kept for later floods. */
export const PROOF_OF_WORK_LIFETIME_MS = 10 * 60 * 1000;

/** `<number>:<signature>:<salt>`, the salt being 24 hex digits, ".", and the expiry in ms. */
const SOLUTION = /^(\d{1,7}):([0-9a-f]{64}):([0-9a-f]{24}\.(\d{13}))$/;

export interface AcceptedProof {
  /** Names the solution: record it as spent until `expiresAt`. */
  signature: string;
  expiresAt: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function createProofOfWork(secret: string) {
  const key = createHmac('sha256', secret).update('contact form proof of work').digest();
  const sign = (challenge: string) => createHmac('sha256', key).update(challenge).digest('hex');

  return {
    challenge(now: number): ProofOfWorkChallenge {
      const salt = `${randomBytes(12).toString('hex')}.${now + PROOF_OF_WORK_LIFETIME_MS}`;
      const challenge = sha256(`${salt}${randomInt(0, PROOF_OF_WORK_MAX_NUMBER + 1)}`);
      return { algorithm: 'SHA-256', challenge, salt, maxNumber: PROOF_OF_WORK_MAX_NUMBER, signature: sign(challenge) };
    },

    /** The solution in `header` when it is well formed, ours, right and not expired; otherwise null. */
    check(header: string | undefined, now: number): AcceptedProof | null {
      const parts = SOLUTION.exec(header ?? '');
      if (!parts) return null;
      const [, number = '', signature = '', salt = '', expiry = ''] = parts;
      const expiresAt = Number(expiry);
      if (expiresAt <= now || Number(number) > PROOF_OF_WORK_MAX_NUMBER) return null;
      const expected = Buffer.from(sign(sha256(`${salt}${number}`)), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return null;
      return { signature, expiresAt };
    },
  };
}
