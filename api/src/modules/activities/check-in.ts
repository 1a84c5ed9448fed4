/** Check-in codes (issue 58): short enough to read out at the door, unique within one activity. */
import { randomInt } from 'node:crypto';
import { CHECK_IN_ALPHABET, CHECK_IN_LENGTH } from '@npo/shared';

/** 32^6 ≈ a billion codes: within one activity's few hundred a repeat is rare and drawn again. */
export function newCheckInCode(): string {
  return Array.from({ length: CHECK_IN_LENGTH }, () => CHECK_IN_ALPHABET[randomInt(CHECK_IN_ALPHABET.length)]).join('');
}
