/**
 * Many rows into a table at once, for the members import (issue 57). PostgreSQL gets each batch as a
 * single JSON parameter, read back into the table's row type (json_populate_recordset): a VALUES list
 * of 500 rows of 16 parameters took longer to build, bind and plan than the rows took to write (50,000
 * imported profiles: 2.3-2.5 s against 1.7 s, and 1.0-1.1 s against 0.8-0.9 s for their 70,000
 * specialties). SQLite runs in the process and binds cheaply: knex's insert, a batch at a time below
 * its parameter limit. Every row has the same keys, as knex's multi-row insert wants too.
 */
import { isPostgres, type Db } from './connection.js';

interface InsertManyOptions {
  /** SQLite's rows a statement (its parameters: the rows times their columns, below 32,766). */
  batch: number;
  /** The unique columns of a row to skip when it exists already (ON CONFLICT DO NOTHING). */
  skipConflictsOn?: string[];
}

/** A UTF-16 surrogate without its other half (which JSON.stringify writes as an escape, \udXXX). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The rows as JSON PostgreSQL reads into text. A lone surrogate would make it refuse the whole batch
 * (its escape is no character); a parameter sent as text has it replaced by U+FFFD (the UTF-8
 * encoding of the string), and so does this. Checked on the JSON first: its escapes are rare.
 */
function jsonOf(rows: readonly Record<string, unknown>[]): string {
  const json = JSON.stringify(rows);
  if (!/\\ud[89a-f]/i.test(json)) return json;
  return JSON.stringify(rows, (_key, value: unknown) =>
    typeof value === 'string' ? value.replace(LONE_SURROGATE, '\ufffd') : value,
  );
}

export async function insertMany(
  db: Db,
  table: string,
  rows: readonly Record<string, unknown>[],
  { batch, skipConflictsOn }: InsertManyOptions,
): Promise<void> {
  if (rows.length === 0) return;
  if (isPostgres(db)) {
    const columns = Object.keys(rows[0]!);
    const names = columns.map(() => '??').join(', ');
    const conflict = skipConflictsOn ? ` on conflict (${skipConflictsOn.map(() => '??').join(', ')}) do nothing` : '';
    await db.raw(
      `insert into ?? (${names}) select ${names} from json_populate_recordset(null::??, ?::json)${conflict}`,
      [table, ...columns, ...columns, table, jsonOf(rows), ...(skipConflictsOn ?? [])],
    );
    return;
  }
  for (let start = 0; start < rows.length; start += batch) {
    const insert = db(table).insert(rows.slice(start, start + batch));
    await (skipConflictsOn ? insert.onConflict(skipConflictsOn).ignore() : insert);
  }
}
