/**
 * The phone input's rule of SPEC 5, kept apart from the zod schemas so a page can sanitise as the
 * visitor types without loading zod.
 */

/** What the phone input keeps as the visitor types: digits, and a plus sign only at the start. */
export function sanitisePhoneInput(value: string): string {
  const digits = value.replace(/[^\d]/g, '');
  return value.trimStart().startsWith('+') ? `+${digits}` : digits;
}
