/**
 * User-facing messages that SPEC does not quote, said the same way wherever they appear: each lives
 * here once, and the API, the site, the console and the tests read it from here.
 */

/** A password check failed where the signed-in account confirms a change (password change, turning off two-factor). */
export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';
