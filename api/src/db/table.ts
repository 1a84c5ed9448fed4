/**
 * The plain operations every content table shares (page, find, insert, update, delete), with rows
 * turned into entities by the module's presenter. Modules add their own queries beside these.
 */
import type { Knex } from 'knex';
import { auditedInsert } from './audited-writes.js';
import type { Db } from './connection.js';
import { pageOfRows, type OrderBy, type Page, type PageResult } from './paging.js';
import { deleteRevised, updateRevised, type ExpectedRevision } from './revisions.js';
import { toCount, withoutUndefined } from './rows.js';

export type { OrderBy, Page, PageResult };

/** How an admin edit runs: conditional on If-Match when `expected` is given, inside `trx` when given. */
export interface EditOptions {
  expected?: ExpectedRevision | undefined;
  trx?: Db | undefined;
}

export function tableRepository<Entity extends { revision: number }>(
  db: Db,
  table: string,
  present: (row: any) => Entity,
  defaultOrder: OrderBy = [{ column: 'id', order: 'desc' }],
) {
  async function findById(id: number, trx: Db = db): Promise<Entity | undefined> {
    const row = await trx(table).where({ id }).first();
    return row ? present(row) : undefined;
  }

  // Keys left undefined are not written: inserts take the column default, updates keep the stored value.
  return {
    async page(
      { page, limit }: Page,
      filter: (query: Knex.QueryBuilder) => Knex.QueryBuilder = (query) => query,
      orderBy: OrderBy = defaultOrder,
    ): Promise<PageResult<Entity>> {
      const [rows, total] = await Promise.all([
        pageOfRows(db, table, db(table), { page, limit }, filter, orderBy),
        filter(db(table)).count({ count: '*' }).first(),
      ]);
      return { items: rows.map(present), total: toCount(total) };
    },

    async all(filter: (query: Knex.QueryBuilder) => Knex.QueryBuilder, orderBy: OrderBy = defaultOrder) {
      const rows = await filter(db(table)).orderBy(orderBy);
      return rows.map(present);
    },

    findById,

    async insert(values: Record<string, unknown>, now: Date, trx: Db = db): Promise<Entity> {
      const row = await auditedInsert(trx, table, async (db) => {
        const [inserted] = await db(table)
          .insert({ ...withoutUndefined(values), created_at: now, updated_at: now })
          .returning('*');
        return inserted as Record<string, unknown>;
      });
      return present(row);
    },

    /** An admin edit: raises the revision; undefined when no row has the id (409 when If-Match fails). */
    async update(
      id: number,
      values: Record<string, unknown>,
      now: Date,
      { expected, trx = db }: EditOptions = {},
    ): Promise<Entity | undefined> {
      const write = { db: trx, table, id, expected, current: () => findById(id, trx) };
      const row = await updateRevised(write, { ...withoutUndefined(values), updated_at: now });
      return row ? present(row) : undefined;
    },

    /** Whether a row was deleted (409 when If-Match fails). */
    async remove(id: number, { expected, trx = db }: EditOptions = {}): Promise<boolean> {
      return deleteRevised({ db: trx, table, id, expected, current: () => findById(id, trx) });
    },

    async count(filter: (query: Knex.QueryBuilder) => Knex.QueryBuilder = (query) => query): Promise<number> {
      return toCount(await filter(db(table)).count({ count: '*' }).first());
    },
  };
}

export type TableRepository<Entity extends { revision: number }> = ReturnType<typeof tableRepository<Entity>>;
