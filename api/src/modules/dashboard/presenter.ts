import type { DashboardRecentUser, DashboardUpcomingActivity, Role } from '@npo/shared';
import { toIso } from '../../db/rows.js';
import type { DbTimestamp } from '../../db/tables.js';

export interface RecentUserRow {
  name: string;
  email: string;
  role: Role;
  created_at: DbTimestamp;
}

export interface UpcomingActivityRow {
  title: string;
  date: DbTimestamp;
  capacity: number | null;
  /** count(*) of the activity's registrations: a string on PostgreSQL. */
  participants: number | string;
}

export function presentRecentUser(row: RecentUserRow): DashboardRecentUser {
  return { name: row.name, email: row.email, role: row.role, createdAt: toIso(row.created_at) };
}

export function presentUpcomingActivity(row: UpcomingActivityRow): DashboardUpcomingActivity {
  return {
    title: row.title,
    date: toIso(row.date),
    participants: Number(row.participants ?? 0),
    capacity: row.capacity === null ? null : Number(row.capacity),
  };
}
