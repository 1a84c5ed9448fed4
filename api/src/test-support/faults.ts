/**
 * Makes the real test database refuse writes the way a failing server does, so tests can check what
 * the API answers. Nothing is mocked: the engine itself raises the error.
 *
 * - storage_full: SQLite really runs out of pages (max_page_count capped, and a trigger on each table
 *   asks for more than is left), answering SQLITE_FULL; PostgreSQL raises SQLSTATE 53100 (disk_full)
 *   from a trigger.
 * - unavailable: SQLite turns the connection read-only (SQLITE_READONLY, every table); PostgreSQL
 *   raises 57P03 (cannot_connect_now) from a trigger.
 *
 * SQLite settings are per connection: this relies on the runtime's pool of one connection (knex's
 * default for SQLite), the connection every request uses.
 */
import type { Knex } from 'knex';
import { isPostgres } from '../db/connection.js';

export type WriteFault = 'storage_full' | 'unavailable';

const POSTGRES_CODES: Record<WriteFault, string> = { storage_full: '53100', unavailable: '57P03' };
/** SQLite's default, restored afterwards. */
const SQLITE_MAX_PAGES = 1_073_741_823;

export interface FaultControl {
  /** Takes the fault away: the database takes writes again. */
  clear(): Promise<void>;
}

/** Every insert, update and delete on these tables fails with the given fault until clear(). */
export async function failWrites(db: Knex, tables: string[], fault: WriteFault): Promise<FaultControl> {
  if (isPostgres(db)) return failPostgresWrites(db, tables, fault);
  return fault === 'storage_full' ? fillSqliteStorage(db, tables) : makeSqliteReadOnly(db);
}

async function failPostgresWrites(db: Knex, tables: string[], fault: WriteFault): Promise<FaultControl> {
  const fn = `test_fault_${fault}`;
  await db.raw(`
    create or replace function ${fn}() returns trigger language plpgsql as $$
    begin
      raise exception 'simulated ${fault}' using errcode = '${POSTGRES_CODES[fault]}';
    end $$`);
  for (const table of tables) {
    await db.raw(
      `create trigger ${fn} before insert or update or delete on ?? for each statement execute function ${fn}()`,
      [table],
    );
  }
  return {
    async clear() {
      for (const table of tables) await db.raw(`drop trigger if exists ${fn} on ??`, [table]);
      await db.raw(`drop function if exists ${fn}()`);
    },
  };
}

async function pragmaNumber(db: Knex, name: string): Promise<number> {
  const rows = await db.raw<Record<string, number>[]>(`pragma ${name}`);
  return Number(Object.values(rows[0]!)[0]);
}

/**
 * The file may not grow any more, and each write to the tables first stores a blob bigger than the
 * free pages left: SQLite fails the statement with SQLITE_FULL, as on a full disk.
 */
async function fillSqliteStorage(db: Knex, tables: string[]): Promise<FaultControl> {
  await db.raw('create table if not exists test_fault_filler (payload blob)');
  const triggers = tables.flatMap((table) => ['insert', 'update', 'delete'].map((event) => ({ table, event })));
  // More than the free pages left now, with room for pages the test's own deletes may free.
  const blobBytes = ((await pragmaNumber(db, 'freelist_count')) + 16) * (await pragmaNumber(db, 'page_size'));
  for (const { table, event } of triggers) {
    await db.raw(
      `create trigger test_fault_${table}_${event} before ${event} on ${table} begin
         insert into test_fault_filler (payload) values (zeroblob(${blobBytes}));
       end`,
    );
  }
  await db.raw(`pragma max_page_count = ${await pragmaNumber(db, 'page_count')}`);
  return {
    async clear() {
      await db.raw(`pragma max_page_count = ${SQLITE_MAX_PAGES}`);
      for (const { table, event } of triggers) await db.raw(`drop trigger if exists test_fault_${table}_${event}`);
      await db.raw('drop table if exists test_fault_filler');
    },
  };
}

async function makeSqliteReadOnly(db: Knex): Promise<FaultControl> {
  await db.raw('pragma query_only = on');
  return {
    async clear() {
      await db.raw('pragma query_only = off');
    },
  };
}
