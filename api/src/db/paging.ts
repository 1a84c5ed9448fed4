/**
 * A page found in two steps: the ids of the page first, then the rows with those ids. OFFSET walks
 * past every row before the page; this way it walks index entries only (the list's index holds the
 * filter and sort columns and the id), where reading whole rows, or running a per-row subquery
 * (PostgreSQL evaluates the select list of skipped rows too), would cost every row skipped.
 */
import type { Knex } from 'knex';
import type { Db } from './connection.js';
import { countOf } from './rows.js';

export interface Page {
  page: number;
  limit: number;
}

export interface PageResult<T> {
  items: T[];
  total: number;
}

/** Columns, or SQL over them (which page first, a null last), each one way. */
export type OrderBy = { column: string | Knex.Raw; order: 'asc' | 'desc' }[];

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

/**
 * A page of a search that `filter` runs as the MATERIALIZED CTE `matches` (the accounts searches), in
 * one statement: the page's ids and `(select count(*) from matches)` in a subquery of their own, joined
 * to `table` for the page's rows. Counting in a statement of its own searched twice: on PostgreSQL a
 * common text ("müller", 5,000 of 100,000 members) costs about 5 ms a run, each match's row read to
 * recheck the trigram index's hit. Reading the rows in a second statement cost a round trip more.
 * `rows` selects the page's columns from `table`, qualified (the subquery adds `page_id` and `total`).
 */
export async function pageOfMatches<Row = Record<string, unknown>>(
  db: Db,
  table: string,
  rows: Knex.QueryBuilder,
  { page, limit }: Page,
  filter: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
  orderBy: OrderBy,
): Promise<{ rows: Row[]; total: number }> {
  const pageOfIds = filter(db.queryBuilder())
    .select('id as page_id', db.raw('(select count(*) from matches) as total'))
    .orderBy(orderBy)
    .limit(limit)
    .offset((page - 1) * limit);
  const found = (await rows
    .select('page.total')
    .join(pageOfIds.as('page'), 'page.page_id', `${table}.id`)
    .orderBy(orderBy)) as (Row & { total: number | string })[];
  if (found.length === 0) return { rows: [], total: await countOf(filter(db(table))) };
  const total = Number(found[0]!.total);
  return { rows: found.map(({ total: _total, ...row }) => row as Row), total };
}

/** A sorted column, or a nullable one with its `(column is null)` SQL, so that rows without a value come last. */
export type SortColumn = string | { column: string; isNull: Knex.Raw };

/** A list's sort as its query asks for it: one of its allow-listed names, and the way. */
export interface ListSort<K extends string> {
  sort?: K | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/**
 * The order a list's `sort` asks for: its column (the schema's allow-list maps each name to one, so no
 * other text reaches SQL), then the id the same way, so a page is stable; `fallback` without a sort.
 */
export function orderFor<K extends string>(
  columns: Record<K, SortColumn>,
  { sort, order = 'asc' }: ListSort<K>,
  fallback: OrderBy,
): OrderBy {
  if (!sort) return fallback;
  const chosen = columns[sort];
  // Nulls sort first on SQLite and last on PostgreSQL: `isNull` puts them last on both, either way.
  const keys: OrderBy =
    typeof chosen === 'string'
      ? [{ column: chosen, order }]
      : [
          { column: chosen.isNull, order: 'asc' },
          { column: chosen.column, order },
        ];
  return [...keys, { column: 'id', order }];
}
