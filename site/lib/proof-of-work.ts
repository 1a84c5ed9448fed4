/**
 * The contact forms' answer to a 428 proof-of-work challenge (issue 19), loaded only when a send is
 * answered 428, so no page carries it from the start.
 */
import { isProofOfWorkChallenge, proofOfWorkHeader, solveProofOfWork } from '@npo/shared';
import { statusOf } from './api';

/** Solves the challenge of `refusal` and calls `send` once more with the solution; rethrows otherwise. */
export async function sendWithProofOfWork(send: (proof: string) => Promise<unknown>, refusal: unknown): Promise<void> {
  const challenge = (refusal as { answer?: { challenge?: unknown } } | null)?.answer?.challenge;
  if (statusOf(refusal) !== 428 || !isProofOfWorkChallenge(challenge)) throw refusal;
  const number = await solveProofOfWork(challenge);
  if (number === null) throw refusal;
  await send(proofOfWorkHeader(challenge, number));
}
