/**
 * The contact form's proof of work (issue 19), in the manner of ALTCHA and self-hosted: once the site
 * gets more messages than its site-wide rate, the server asks each sender to find the secret number
 * behind a SHA-256 hash before it takes the message. A browser finds it in well under a second; a flood
 * pays that for every message. No third party sees the visitor, and nothing is stored in the browser.
 *
 * The server picks `number` at random in [0, maxNumber], sends `challenge` = SHA-256(salt + number)
 * with an HMAC `signature` of it, and keeps nothing: the salt carries its own expiry, and the signature
 * proves the challenge is the server's own. The client answers `number`, `salt` and `signature`.
 */

/** The 428 answer's `challenge`: what the sender must solve before the message is taken. */
export interface ProofOfWorkChallenge {
  algorithm: 'SHA-256';
  /** Hex SHA-256 of salt followed by the secret number, in decimal. */
  challenge: string;
  /** Random, then "." and the expiry in milliseconds since the epoch. */
  salt: string;
  maxNumber: number;
  signature: string;
}

/** The request header that carries a solution. */
export const PROOF_OF_WORK_HEADER = 'Proof-Of-Work';
/** The error code of the 428 answer that asks for a proof. */
export const PROOF_OF_WORK_REQUIRED = 'proof_of_work_required';

/** `<number>:<signature>:<salt>`: the header value (salt last, it is the only part with a dot). */
export function proofOfWorkHeader(challenge: ProofOfWorkChallenge, number: number): string {
  return `${number}:${challenge.signature}:${challenge.salt}`;
}

export function isProofOfWorkChallenge(value: unknown): value is ProofOfWorkChallenge {
  const candidate = value as Partial<ProofOfWorkChallenge> | null;
  return (
    candidate?.algorithm === 'SHA-256' &&
    typeof candidate.challenge === 'string' &&
    typeof candidate.salt === 'string' &&
    typeof candidate.signature === 'string' &&
    Number.isSafeInteger(candidate.maxNumber)
  );
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The secret number, by trying each in turn (Web Crypto: the browser's and Node's); null if none fits. */
export async function solveProofOfWork(challenge: ProofOfWorkChallenge): Promise<number | null> {
  for (let number = 0; number <= challenge.maxNumber; number += 1) {
    if ((await sha256Hex(`${challenge.salt}${number}`)) === challenge.challenge) return number;
  }
  return null;
}
