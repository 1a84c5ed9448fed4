/**
 * A page found in two steps: the ids of the page first, then the rows with those ids. OFFSET walks
 * past every row before the page; this way it walks index entries only (the list's index holds the
 * filter and sort columns and the id), where reading whole rows, or running a per-row subquery
 * (PostgreSQL evaluates the select list of skipped rows too), would cost every row skipped.
 */
import type { Knex } from 'knex';
import type { Db } from './connection.js';

export interface Page {
  page: number;
  limit: number;
}

export interface PageResult<T> {
  items: T[];
  total: number;
}

export type OrderBy = { column: string; order: 'asc' | 'desc' }[];

/**
 * `rows` selects the full rows (from `table`, maybe with computed columns); `filter` narrows the
 * list. The order must end with the id, so a page is the same in both steps.
 */
export async function pageOfRows<Row = Record<string, unknown>>(
  db: Db,
  table: string,
  rows: Knex.QueryBuilder,
  { page, limit }: Page,
  filter: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
  orderBy: OrderBy,
): Promise<Row[]> {
  // Unqualified: a filter may read from another source than `table` (users' search reads a CTE).
  const ids = filter(db(table))
    .select('id')
    .orderBy(orderBy)
    .limit(limit)
    .offset((page - 1) * limit);
  // Knex types an untyped query's rows as any: the caller names the row type `rows` selects.
  return (await rows.whereIn(`${table}.id`, ids).orderBy(orderBy)) as Row[];
}
