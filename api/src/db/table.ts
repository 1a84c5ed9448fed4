/**
 * The plain operations every content table shares (page, find, insert, update, delete), with rows
 * turned into entities by the module's presenter. Modules add their own queries beside these.
 */
import type { Knex } from 'knex';
import type { Db } from './connection.js';
import { toCount, withoutUndefined } from './rows.js';

export interface Page {
  page: number;
  limit: number;
}

export interface PageResult<T> {
  items: T[];
  total: number;
}

export type OrderBy = { column: string; order: 'asc' | 'desc' }[];

export function tableRepository<Entity>(
  db: Db,
  table: string,
  present: (row: any) => Entity,
  defaultOrder: OrderBy = [{ column: 'id', order: 'desc' }],
) {
  // Keys left undefined are not written: inserts take the column default, updates keep the stored value.
  return {
    async page(
      { page, limit }: Page,
      filter: (query: Knex.QueryBuilder) => Knex.QueryBuilder = (query) => query,
      orderBy: OrderBy = defaultOrder,
    ): Promise<PageResult<Entity>> {
      const [rows, total] = await Promise.all([
        filter(db(table))
          .orderBy(orderBy)
          .limit(limit)
          .offset((page - 1) * limit),
        filter(db(table)).count({ count: '*' }).first(),
      ]);
      return { items: rows.map(present), total: toCount(total) };
    },

    async all(filter: (query: Knex.QueryBuilder) => Knex.QueryBuilder, orderBy: OrderBy = defaultOrder) {
      const rows = await filter(db(table)).orderBy(orderBy);
      return rows.map(present);
    },

    async findById(id: number, trx: Db = db): Promise<Entity | undefined> {
      const row = await trx(table).where({ id }).first();
      return row ? present(row) : undefined;
    },

    async insert(values: Record<string, unknown>, now: Date, trx: Db = db): Promise<Entity> {
      const [row] = await trx(table)
        .insert({ ...withoutUndefined(values), created_at: now, updated_at: now })
        .returning('*');
      return present(row);
    },

    async update(id: number, values: Record<string, unknown>, now: Date, trx: Db = db): Promise<Entity | undefined> {
      const [row] = await trx(table)
        .where({ id })
        .update({ ...withoutUndefined(values), updated_at: now })
        .returning('*');
      return row ? present(row) : undefined;
    },

    async remove(id: number, trx: Db = db): Promise<boolean> {
      return (await trx(table).where({ id }).delete()) > 0;
    },

    async count(filter: (query: Knex.QueryBuilder) => Knex.QueryBuilder = (query) => query): Promise<number> {
      return toCount(await filter(db(table)).count({ count: '*' }).first());
    },
  };
}

export type TableRepository<Entity> = ReturnType<typeof tableRepository<Entity>>;
