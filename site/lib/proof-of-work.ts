/**
 * The contact form's answer to a 428 proof-of-work challenge (issue 19), loaded only when a send is
 * answered 428, so the home page carries none of it.
 */
import { isProofOfWorkChallenge, proofOfWorkHeader, solveProofOfWork, type ContactMessageInput } from '@npo/shared';
import { statusOf, withApi } from './api';

/** Solves the challenge of `refusal` and sends the message once more with the solution; rethrows otherwise. */
export async function sendWithProofOfWork(message: ContactMessageInput, refusal: unknown): Promise<void> {
  const challenge = (refusal as { answer?: { challenge?: unknown } } | null)?.answer?.challenge;
  if (statusOf(refusal) !== 428 || !isProofOfWorkChallenge(challenge)) throw refusal;
  const number = await solveProofOfWork(challenge);
  if (number === null) throw refusal;
  await withApi((api) => api.content.sendContactMessage(message, proofOfWorkHeader(challenge, number)));
}
