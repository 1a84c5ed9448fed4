/** Two-factor sign-in for staff (issue 11); what its routes answer is in entities.ts. */

export const RECOVERY_CODE_COUNT = 10;
/** How long the challenge of the first sign-in step may wait for its code. */
export const TWO_FACTOR_CHALLENGE_TTL_S = 5 * 60;
