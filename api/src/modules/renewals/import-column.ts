/**
 * The members import's renewal date column (issue 57), kept here so that the import itself changes by
 * a few lines: an optional column, by any of these headers in any case, holding a YYYY-MM-DD day (the
 * export's form) or nothing (an open-ended membership). A bad date makes the row invalid, with why.
 */
import { isRenewalDay } from '@npo/shared';

const RENEWAL_HEADERS = new Set(['renewal date', 'renewal', 'renews on', 'membership renewal date']);

/** The renewal date column among the header's names (trimmed, lower-cased), or -1 without one. */
export const renewalColumnOf = (names: readonly string[]): number =>
  names.findIndex((name) => RENEWAL_HEADERS.has(name));

export const IMPORT_RENEWAL_REASON = 'The renewal date must be a date written YYYY-MM-DD (such as 2027-03-31)';

/** The cell read: a day, none (empty), or the reason the row is refused. */
export function renewalCell(cell: string | undefined): { renewalDate?: string } | { reason: string } {
  const text = cell?.trim() ?? '';
  if (text === '') return {};
  return isRenewalDay(text) ? { renewalDate: text } : { reason: IMPORT_RENEWAL_REASON };
}
