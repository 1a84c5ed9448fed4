import type { Activity, ActivityRegistration } from '@npo/shared';
import { toCount, toIso, toJson } from '../../db/rows.js';
import type { ActivityRow, DbTimestamp } from '../../db/tables.js';
import type { CsvFormat } from '../../lib/csv.js';

/**
 * `participants` and `waitlisted` are the registration and waitlist counts the repository reads beside
 * each row (absent: none yet).
 */
export function presentActivity(
  row: ActivityRow & { participants?: number | string; waitlisted?: number | string },
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
}

export function presentRegistration(row: RegistrationRow): ActivityRegistration {
  return { userId: row.user_id, name: row.name, email: row.email, registeredAt: toIso(row.created_at) };
}

/** An activity's attendees as staff open them in a spreadsheet. */
export const REGISTRATIONS_CSV: CsvFormat = {
  columns: [
    ['Name', 'name'],
    ['E-mail', 'email'],
    ['Registered at', { column: 'created_at', as: 'date' }],
  ],
  id: 'registration_id',
};
