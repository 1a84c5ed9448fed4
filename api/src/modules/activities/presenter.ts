import type { Activity, ActivityRegistration } from '@npo/shared';
import { toCount, toIso, toJson } from '../../db/rows.js';
import type { ActivityRow, DbTimestamp } from '../../db/tables.js';
import type { CsvFormat } from '../../lib/csv.js';

/** Hours as the API gives them from the stored tenths (15 → 1.5); null stays null. */
export const hoursOf = (tenths: number | string | null | undefined): number | null =>
  tenths === null || tenths === undefined ? null : Number(tenths) / 10;

/** Hours as stored, in tenths (1.5 → 15); rounded, so float noise (1.1 * 10) never stores 11.000001. */
export const tenthsOf = (hours: number | null): number | null => (hours === null ? null : Math.round(hours * 10));

/**
 * `participants`, `attended` and `waitlisted` are the registration, attendance and waitlist counts the
 * repository reads beside each row (absent: none yet, as for an activity just inserted).
 */
export function presentActivity(
  row: ActivityRow & { participants?: number | string; attended?: number | string; waitlisted?: number | string },
): Activity {
  return {
    id: row.id,
    revision: Number(row.revision),
    title: row.title,
    description: row.description,
    date: toIso(row.date),
    location: row.location,
    status: row.status,
    tags: toJson(row.tags, []),
    capacity: row.capacity ?? null,
    participants: toCount(row, 'participants'),
    waitlisted: toCount(row, 'waitlisted'),
    attended: toCount(row, 'attended'),
    cpdHours: hoursOf(row.cpd_tenths),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** A registration with its account: what staff see of an attendee, nothing more. */
export interface RegistrationRow {
  user_id: number;
  name: string;
  email: string;
  created_at: DbTimestamp;
  attended_at: DbTimestamp | null;
}

export function presentRegistration(row: RegistrationRow): ActivityRegistration {
  return {
    userId: row.user_id,
    name: row.name,
    email: row.email,
    registeredAt: toIso(row.created_at),
    attendedAt: row.attended_at === null ? null : toIso(row.attended_at),
  };
}

/** An activity's attendees as staff open them in a spreadsheet. */
export const REGISTRATIONS_CSV: CsvFormat = {
  columns: [
    ['Name', 'name'],
    ['E-mail', 'email'],
    ['Registered at', { column: 'created_at', as: 'date' }],
    ['Attended at', { column: 'attended_at', as: 'date' }],
  ],
  id: 'registration_id',
};
