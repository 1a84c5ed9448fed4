/** Two-factor sign-in for staff (issue 11); what its routes answer is in entities.ts. */
import type { LoginAnswer, TwoFactorChallenge } from './entities.js';

export const RECOVERY_CODE_COUNT = 10;
/** How long the challenge of the first sign-in step may wait for its code. */
export const TWO_FACTOR_CHALLENGE_TTL_S = 5 * 60;

/**
 * Whether a sign-in answered the challenge of its second step. Here, not in entities.ts, so that the
 * sign-in pages load no schema. Tolerates a missing answer: the callers go on to report 'Invalid response from server'.
 */
export function isTwoFactorChallenge(answer: LoginAnswer | null | undefined): answer is TwoFactorChallenge {
  return (
    typeof answer === 'object' && answer !== null && 'twoFactorRequired' in answer && answer.twoFactorRequired === true
  );
}
