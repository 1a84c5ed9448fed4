/**
 * Memberships that renew (issue 57). A member's membership is one stored fact, the renewal date (a
 * calendar day, or none), and a status derived from it and today's date in the organisation's time
 * zone, so that it never goes stale and needs no job to keep it true:
 *  - lapsed: the renewal date has passed (it is before today);
 *  - expiring: the renewal date is today or within the first (largest) reminder offset
 *    (RENEWAL_REMINDER_DAYS, 30 by default);
 *  - active: a renewal date further away, or none. A member without a renewal date has an open-ended
 *    membership (honorary, for life, or simply not tracked yet): never lapsed, never reminded.
 * Payments stay outside the product: whatever takes the payment sets the renewal date (docs/api.md).
 */
import { z } from 'zod';
import { dateTimeFormat } from './format.js';

export const MEMBERSHIP_STATUSES = ['active', 'expiring', 'lapsed'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  active: 'Active',
  expiring: 'Expiring',
  lapsed: 'Lapsed',
};

export const RENEWAL_DATE_MESSAGE = 'Renewal date must be a date (YYYY-MM-DD) from 2000 to 2999.';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * A real calendar day, YYYY-MM-DD, from 2000 to 2999 (2026-02-30 is not one). By arithmetic, not by
 * a Date: an import checks one a row, and a Date made and printed cost a tenth of its rows' reading.
 */
export function isRenewalDay(value: string): boolean {
  const parts = /^(2\d{3})-(\d{2})-(\d{2})$/.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

export const renewalDay = z
  .string({ error: RENEWAL_DATE_MESSAGE })
  .trim()
  .regex(/^2\d{3}-\d{2}-\d{2}$/, { error: RENEWAL_DATE_MESSAGE, abort: true })
  .refine(isRenewalDay, { error: RENEWAL_DATE_MESSAGE });

/** PUT /api/admin/members/:id/membership: the renewal date, or null for an open-ended membership. */
export const membershipSchema = z.strictObject({
  renewalDate: z.union([renewalDay, z.null()], { error: RENEWAL_DATE_MESSAGE }),
});
export type MembershipInput = z.input<typeof membershipSchema>;

/** `day` moved by `days` calendar days (either way). */
export function addDays(day: string, days: number): string {
  const moved = new Date(`${day}T00:00:00.000Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative once `to` has passed). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today's calendar day in `zone` ("2026-06-17"). */
export function dayIn(zone: string, at: Date): string {
  return dateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The console's form of the renewal date: a date input's value, empty for an open-ended membership. */
export const membershipFormSchema = z.object({
  renewalDate: z
    .string()
    .trim()
    .refine((value) => value === '' || isRenewalDay(value), { error: RENEWAL_DATE_MESSAGE })
    .transform((value): string | null => (value === '' ? null : value)),
});
