/**
 * The phone input's rule of SPEC 5, kept apart from the zod schemas so a page can sanitise as the
 * visitor types without loading zod.
 */

/** What the phone input keeps as the visitor types: digits, and a plus sign only at the start. */
export function sanitisePhoneInput(value: string): string {
  const digits = value.replace(/[^\d]/g, '');
  return value.trimStart().startsWith('+') ? `+${digits}` : digits;
}

/**
 * A phone number as the text of a `tel:` link: spaces become no-break spaces and hyphens no-break
 * hyphens, so the number never splits over two lines (html-validate's tel-non-breaking).
 */
export function phoneText(phone: string): string {
  return phone.replace(/ /g, '\u00a0').replace(/-/g, '\u2011');
}
