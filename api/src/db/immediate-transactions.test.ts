/**
 * SQLite has a second writer (the mail worker's mark thread), so every transaction begins IMMEDIATE
 * (connection.ts): one that reads and then writes cannot fail because the other writer committed in
 * between. SQLite only: PostgreSQL locks rows, not the database.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { createDb, type Db } from './connection.js';
import { migrateToLatest } from './migrate.js';

let database: TestDatabase;
let db: Db;
let file: string;

beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  file = path.join(database.dataDir, 'app.db');
  db = createDb({ sqliteFile: file });
  await migrateToLatest(db);
  await db('health_probe').insert({ id: 1, probed_at: 0 });
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

/** Another connection to the same file that does not wait for a lock: a write it cannot make throws SQLITE_BUSY. */
function otherWriter(): Database.Database {
  const other = new Database(file);
  other.pragma('busy_timeout = 0');
  return other;
}

it('begins a transaction IMMEDIATE, so a write between its read and its write waits instead of failing it', async () => {
  const statements: string[] = [];
  const listen = (query: { sql: string }) => statements.push(query.sql);
  db.on('query', listen);
  const other = otherWriter();
  try {
    const probedAt = await db.transaction(async (trx) => {
      const row = (await trx('health_probe').where({ id: 1 }).first()) as { probed_at: number | string };
      // The other writer tries to commit between the read and the write: the lock is already held.
      expect(() => other.prepare('update health_probe set probed_at = 5 where id = 1').run()).toThrow(
        expect.objectContaining({ code: 'SQLITE_BUSY' }),
      );
      await trx('health_probe')
        .where({ id: 1 })
        .update({ probed_at: Number(row.probed_at) + 1 });
      return Number(row.probed_at) + 1;
    });
    expect(probedAt).toBe(1);
    expect(statements[0]).toBe('BEGIN IMMEDIATE;');
    // Once it has committed, the other writer writes.
    other.prepare('update health_probe set probed_at = 7 where id = 1').run();
    const after = (await db('health_probe').where({ id: 1 }).first()) as { probed_at: number | string };
    expect(Number(after.probed_at)).toBe(7);
  } finally {
    db.off('query', listen);
    other.close();
  }
});

it('keeps nested transactions as savepoints and read-only ones deferred', async () => {
  const statements: string[] = [];
  const listen = (query: { sql: string }) => statements.push(query.sql);
  db.on('query', listen);
  try {
    await db.transaction(async (trx) => {
      await trx.transaction(async (nested) => nested('health_probe').update({ probed_at: 9 }));
    });
    await db.transaction(async (trx) => trx('health_probe').first(), { readOnly: true });
  } finally {
    db.off('query', listen);
  }
  expect(statements.filter((sql) => /^(BEGIN|SAVEPOINT)/.test(sql))).toEqual([
    'BEGIN IMMEDIATE;',
    expect.stringMatching(/^SAVEPOINT trx\d+;$/),
    'BEGIN;',
  ]);
});
