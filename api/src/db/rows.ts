/**
 * Values read back from either engine, made the same: SQLite gives 0/1 for booleans, epoch
 * milliseconds for dates and text for JSON; PostgreSQL gives booleans, Date objects, parsed JSON
 * and count(*) as a string.
 */
import type { Knex } from 'knex';

export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

export function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  if (typeof value === 'string') return new Date(/^\d+$/.test(value) ? Number(value) : value).toISOString();
  throw new TypeError(`Not a date: ${String(value)}`);
}

export function toIsoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : toIso(value);
}

export function toJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}

/** Drops the keys a partial payload left out, so an update keeps what is stored for them. */
export function withoutUndefined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** JSON is written as text on both engines (jsonb accepts it), so arrays never turn into SQL arrays. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value);
}

/** The values of `column` (an id) of the rows `query` reads, in its order. */
export async function idsOf(query: Knex.QueryBuilder, column = 'id'): Promise<number[]> {
  return (await query.pluck(column)) as number[];
}

/** How many rows `query` matches (`count(*)`; PostgreSQL answers a string, SQLite a number). */
export async function countOf(query: Knex.QueryBuilder): Promise<number> {
  return toCount((await query.count({ count: '*' }).first()) as Record<string, unknown> | undefined);
}

export function toCount(row: Record<string, unknown> | undefined, column = 'count'): number {
  return Number(row?.[column] ?? 0);
}

/** The row an INSERT … RETURNING gave back: there is one per inserted row, so none is a bug. */
export function returnedRow<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (row === undefined) throw new Error('INSERT … RETURNING gave no row');
  return row;
}
