/**
 * The plain operations every content table shares (page, find, insert, update, delete), with rows
 * turned into entities by the module's presenter. Modules add their own queries beside these.
 */
import type { Knex } from 'knex';
import { auditedInsert } from './audited-writes.js';
import { rowWithClientId } from './client-ids.js';
import type { Db } from './connection.js';
import { pageOfRows, type OrderBy, type Page, type PageResult } from './paging.js';
import { deleteRevised, updateRevised, type ExpectedRevision } from './revisions.js';
import { countOf, returnedRow, withoutUndefined } from './rows.js';
import type { DbTables, TableName } from './tables.js';

export type { OrderBy, Page, PageResult };

/** How an admin edit runs: conditional on If-Match when `expected` is given, inside `trx` when given. */
export interface EditOptions {
  expected?: ExpectedRevision | undefined;
  trx?: Db | undefined;
}

export type QueryFilter = (query: Knex.QueryBuilder) => Knex.QueryBuilder;

const everyRow: QueryFilter = (query) => query;

/** The values of an insert or update: columns of the table, or SQL (`revision + 1`, `NOT is_featured`). */
export type RowValues<Name extends TableName> = {
  [Column in keyof DbTables[Name]]?: DbTables[Name][Column] | Knex.Raw;
};

export function tableRepository<Name extends TableName, Entity extends { revision: number }>(
  db: Db,
  table: Name,
  present: (row: DbTables[Name]) => Entity,
  defaultOrder: OrderBy = [{ column: 'id', order: 'desc' }],
) {
  type Row = DbTables[Name];
  // Knex cannot type a query on a table named by a type parameter: queried untyped, read as `table`'s row.
  const rows = (trx: Db) => trx<Record<string, unknown>>(table);
  const presentRows = (found: Record<string, unknown>[]) => found.map((row) => present(row as Row));

  async function findById(id: number, trx: Db = db): Promise<Entity | undefined> {
    const row = await rows(trx).where({ id }).first();
    return row ? present(row as Row) : undefined;
  }

  // Keys left undefined are not written: inserts take the column default, updates keep the stored value.
  return {
    /** A page of the rows `filter` keeps, and their total (counted, unless `total` knows it: db/tallies.ts). */
    page: async (
      { page, limit }: Page,
      filter: QueryFilter = everyRow,
      orderBy = defaultOrder,
      total: () => Promise<number> = () => countOf(filter(rows(db))),
    ): Promise<PageResult<Entity>> => {
      const [found, count] = await Promise.all([
        pageOfRows(db, table, rows(db), { page, limit }, filter, orderBy),
        total(),
      ]);
      return { items: presentRows(found), total: count };
    },

    all: async (filter: QueryFilter, orderBy: OrderBy = defaultOrder): Promise<Entity[]> => {
      return presentRows((await filter(rows(db)).orderBy(orderBy)) as Record<string, unknown>[]);
    },

    findById,

    /** The row a console creation with this client id made (db/client-ids.ts). */
    findByClientId: async (clientId: string, trx: Db = db): Promise<Entity | undefined> => {
      const row = await rowWithClientId<Row>(trx, table, clientId);
      return row ? present(row) : undefined;
    },

    insert: async (values: RowValues<Name>, now: Date, trx: Db = db): Promise<Entity> => {
      const row = await auditedInsert(trx, table, async (db) =>
        returnedRow(
          await rows(db)
            .insert({ ...withoutUndefined(values), created_at: now, updated_at: now })
            .returning('*'),
        ),
      );
      return present(row as Row);
    },

    /** An admin edit: raises the revision; undefined when no row has the id (409 when If-Match fails). */
    update: async (
      id: number,
      values: RowValues<Name>,
      now: Date,
      { expected, trx = db }: EditOptions = {},
    ): Promise<Entity | undefined> => {
      const write = { db: trx, table, id, expected, current: () => findById(id, trx) };
      const row = await updateRevised<Row>(write, { ...withoutUndefined(values), updated_at: now });
      return row ? present(row) : undefined;
    },

    /** Whether a row was deleted (409 when If-Match fails). */
    remove: async (id: number, { expected, trx = db }: EditOptions = {}): Promise<boolean> => {
      return deleteRevised({ db: trx, table, id, expected, current: () => findById(id, trx) });
    },

    count: async (filter: QueryFilter = everyRow): Promise<number> => {
      return countOf(filter(rows(db)));
    },
  };
}
