/**
 * SQLite answers a statement on the event loop, so one statement over a large table is one long turn
 * of it: the ids of the 50,000 messages of the large data in inbox order take 17 ms, a pass over their
 * text 16 ms, and every visitor waits that long. These read such a set a chunk at a time, the loop
 * free between chunks. PostgreSQL works on its own server and its rows arrive in packets, parsed as
 * they come: there one statement serves.
 */
import type { Knex } from 'knex';
import { setImmediate } from 'node:timers/promises';
import { isPostgres, type Db } from './connection.js';
import type { OrderBy } from './paging.js';
import { idsOf } from './rows.js';

/** Ids one chunk reads in an index's order: about 2 ms of SQLite's time. */
export const ID_CHUNK = 5_000;

/** Lets the event loop serve what waits before the next chunk (a timer, a visitor's request). */
export const betweenChunks = (): Promise<void> => setImmediate();

/**
 * The ids `query()` selects, in `order`: its columns plain names, all one way, the last one the id
 * (unique, so each chunk starts right past the last row of the one before: a keyset). On SQLite read
 * `chunk` at a time; a row written meanwhile is in the result only if its place is still ahead.
 */
export async function idsInChunks(
  db: Db,
  query: () => Knex.QueryBuilder,
  order: OrderBy,
  chunk = ID_CHUNK,
): Promise<number[]> {
  if (isPostgres(db)) return idsOf(query().orderBy(order));
  const columns = order.map(({ column }) => {
    if (typeof column !== 'string') throw new TypeError('idsInChunks orders by column names only');
    return column;
  });
  const direction = order[0]?.order;
  if (!direction || order.some((part) => part.order !== direction)) throw new TypeError('idsInChunks reads one way');
  const idColumn = columns.at(-1)!;
  const past = `(${columns.map(() => '??').join(', ')}) ${direction === 'desc' ? '<' : '>'} (${columns.map(() => '?').join(', ')})`;
  const ids: number[] = [];
  let last: Record<string, unknown> | undefined;
  for (;;) {
    const next = query().select(columns).orderBy(order).limit(chunk);
    if (last) next.whereRaw(past, [...columns, ...columns.map((column) => last![column])] as Knex.RawBinding[]);
    const rows = (await next) as Record<string, unknown>[];
    for (const row of rows) ids.push(Number(row[idColumn]));
    if (rows.length < chunk) return ids;
    last = rows.at(-1);
    await betweenChunks();
  }
}
