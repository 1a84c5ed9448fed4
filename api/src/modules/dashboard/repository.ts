/**
 * The dashboard's reads: one statement per table, each count a `(select count(*) … where …)` column.
 * Conditions compare with bound Date values, which both engines store and compare alike (see rows.ts).
 */
import { ADMIN_ROLES } from '@npo/shared';
import type { Knex } from 'knex';
import type { Db } from '../../db/connection.js';
import { toCount } from '../../db/rows.js';
import { presentRecentUser, presentUpcomingActivity, type UpcomingActivityRow } from './presenter.js';

export interface Condition {
  sql: string;
  bindings: Knex.RawBinding[];
}

/** Created in (from, to]. */
export const createdBetween = (from: Date, to: Date): Condition => ({
  sql: 'created_at > ? and created_at <= ?',
  bindings: [from, to],
});

/** Created in [start, end), the form of a calendar day. */
export const createdWithin = (start: Date, end: Date): Condition => ({
  sql: 'created_at >= ? and created_at < ?',
  bindings: [start, end],
});

export const isTrue = (column: 'is_active' | 'is_featured'): Condition => ({ sql: `${column} = ?`, bindings: [true] });

export const activeStaff: Condition = {
  sql: `is_active = ? and role in (${ADMIN_ROLES.map(() => '?').join(', ')})`,
  bindings: [true, ...ADMIN_ROLES],
};

export const both = (first: Condition, second: Condition): Condition => ({
  sql: `(${first.sql}) and (${second.sql})`,
  bindings: [...first.bindings, ...second.bindings],
});

const RECENT_USERS = 5;
const UPCOMING_ACTIVITIES = 5;

export function createDashboardRepository(db: Db) {
  return {
    /**
     * `total` plus one count per named condition, in a single statement of one subquery per count.
     * Each subquery counts through the index of its own condition (a created_at range, the staff roles)
     * instead of testing every condition on every row of a 100,000-row table.
     */
    async count<Name extends string>(
      table: string,
      conditions: Record<Name, Condition>,
    ): Promise<Record<Name | 'total', number>> {
      const names = Object.keys(conditions) as Name[];
      const columns = names.map((name) =>
        db.raw(`(select count(*) from ?? where ${conditions[name].sql}) as ??`, [
          table,
          ...conditions[name].bindings,
          name,
        ]),
      );
      const row = (await db.select(db.raw('(select count(*) from ??) as total', [table]), ...columns).first()) as
        Record<string, unknown> | undefined;
      return Object.fromEntries(['total', ...names].map((name) => [name, toCount(row, name)])) as Record<
        Name | 'total',
        number
      >;
    },

    async recentUsers() {
      const rows = await db('users')
        .whereNull('erased_at')
        .select('name', 'email', 'role', 'created_at')
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(RECENT_USERS);
      return rows.map(presentRecentUser);
    },

    async upcomingActivities() {
      const participants = db('activity_registrations')
        .count('*')
        .where('activity_registrations.activity_id', db.ref('activities.id'))
        .as('participants');
      const rows = await db('activities')
        .where({ status: 'upcoming' })
        .select('title', 'date', 'capacity')
        .select<UpcomingActivityRow[]>(participants)
        .orderBy([
          { column: 'date', order: 'asc' },
          { column: 'id', order: 'asc' },
        ])
        .limit(UPCOMING_ACTIVITIES);
      return rows.map(presentUpcomingActivity);
    },
  };
}
