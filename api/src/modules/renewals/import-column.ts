/**
 * The members import's renewal date column (issue 57): an optional column (its headers are the
 * import's, MEMBER_IMPORT_HEADERS.renewalDate) holding a YYYY-MM-DD day (the export's form) or
 * nothing (an open-ended membership). A bad date makes the row invalid, with why.
 */
import { isRenewalDay } from '@npo/shared';

export const IMPORT_RENEWAL_REASON = 'The renewal date must be a date written YYYY-MM-DD (such as 2027-03-31)';

/** The cell read: a day, none (empty), or the reason the row is refused. */
export function renewalCell(cell: string | undefined): { renewalDate?: string } | { reason: string } {
  const text = cell?.trim() ?? '';
  if (text === '') return {};
  return isRenewalDay(text) ? { renewalDate: text } : { reason: IMPORT_RENEWAL_REASON };
}
