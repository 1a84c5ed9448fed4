/**
 * The rows of one kind of versioned content: the shared table operations, plus the queries the
 * version rules need (the latest number, the active version, switching it, row locks).
 */
import type { VersionedItem } from '@npo/shared';
import { isPostgres, type Db } from '../../db/connection.js';
import { nextRevision } from '../../db/revisions.js';
import { toIso } from '../../db/rows.js';
import type { DbTables, VersionRow } from '../../db/tables.js';
import { tableRepository, type EditOptions, type RowValues } from '../../db/table.js';

export type VersionedTable =
  'about_us_versions' | 'contact_info_versions' | 'privacy_policy_versions' | 'terms_of_service_versions';

/** One kind: its table, how its rows leave the server, and how a payload becomes a row. */
export interface VersionedKind<Table extends VersionedTable, Input, Entity extends VersionedItem> {
  table: Table;
  /** Used in messages: "About Us version not found". */
  label: string;
  present: (row: DbTables[Table]) => Entity;
  toRow(input: Input): RowValues<Table>;
}

export function createVersionsRepository<Table extends VersionedTable, Input, Entity extends VersionedItem>(
  db: Db,
  kind: VersionedKind<Table, Input, Entity>,
) {
  // The columns every kind has: the queries below touch no other.
  const versions = (trx: Db = db) => trx<VersionRow>(kind.table);

  const table = tableRepository(db, kind.table, kind.present, [{ column: 'version', order: 'desc' }]);

  return {
    ...table,

    /**
     * Makes `id` the active version, once deactivateOthers switched the active one off. A schedule it
     * had is dropped: it is live now, however it got there.
     */
    setActive(id: number, now: Date, options: EditOptions) {
      // Every versioned table has these columns; TypeScript cannot see a column of a table named by a type parameter.
      const values = { is_active: true, activate_at: null, scheduled_by: null } as RowValues<Table>;
      return table.update(id, values, now, options);
    },

    /** Sets when the scheduler activates `id` and who asked; null cancels the schedule. */
    setSchedule(id: number, schedule: { at: Date; by: string | null } | null, now: Date, options: EditOptions) {
      const values = { activate_at: schedule?.at ?? null, scheduled_by: schedule?.by ?? null } as RowValues<Table>;
      return table.update(id, values, now, options);
    },

    /** On PostgreSQL, locks every version so a concurrent writer waits for this transaction. */
    lockAll: async (trx: Db): Promise<void> => {
      if (isPostgres(db)) await versions(trx).select('id').forUpdate();
    },

    latestNumber: async (trx: Db): Promise<number> => {
      const latest = await versions(trx).max({ version: 'version' }).first();
      return Number(latest?.version ?? 0);
    },

    hasActive: async (trx: Db): Promise<boolean> => {
      return Boolean(await versions(trx).where({ is_active: true }).first('id'));
    },

    /** The version it deactivates is changed too, so its revision goes up as well. */
    deactivateOthers: async (id: number, now: Date, trx: Db): Promise<void> => {
      await versions(trx)
        .where({ is_active: true })
        .whereNot({ id })
        .update({ is_active: false, updated_at: now, ...nextRevision(trx) });
    },

    /** The earliest schedule, due or not: the scheduler's timer waits for it. */
    nextScheduled: async (): Promise<Date | null> => {
      const next = await versions().whereNotNull('activate_at').min({ at: 'activate_at' }).first();
      return next?.at === null || next?.at === undefined ? null : new Date(toIso(next.at));
    },

    /** The schedule due first by `now`, if any (read inside the scheduler's transaction). */
    firstDue: async (now: Date, trx: Db): Promise<VersionRow | undefined> => {
      return versions(trx).where('activate_at', '<=', now).orderBy('activate_at').orderBy('id').first();
    },

    /** The public version, or null when none is active (the site then shows its built-in text). */
    activeOrNull: async (): Promise<Entity | null> => {
      const row = await versions().where({ is_active: true }).first();
      // Read through the common columns' type, but every column of `kind.table` is there.
      return row ? kind.present(row as DbTables[Table]) : null;
    },
  };
}
