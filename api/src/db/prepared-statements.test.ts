/** SQLite statements are reused per SQL text, never while one is busy, and only the last KEPT stay. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from './connection.js';
import { reusePreparedStatements } from './prepared-statements.js';

describe('prepared statements on SQLite', () => {
  let dir: string;
  let connection: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'npo-statements-'));
    connection = new Database(path.join(dir, 'app.db'));
    connection.exec('create table notes (id integer primary key, title text)');
    connection.exec("insert into notes (title) values ('one'), ('two')");
  });
  afterEach(() => {
    connection.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the same statement for the same SQL, with fresh bindings each time', () => {
    reusePreparedStatements(connection);
    const first = connection.prepare('select title from notes where id = ?');
    const second = connection.prepare('select title from notes where id = ?');
    expect(second).toBe(first);
    expect(second.get(2)).toEqual({ title: 'two' });
    expect(first.get(1)).toEqual({ title: 'one' });
  });

  it('prepares a new statement while the kept one is iterating', () => {
    reusePreparedStatements(connection);
    const sql = 'select title from notes order by id';
    const iterating = connection.prepare(sql);
    const rows = iterating.iterate();
    expect(rows.next().value).toEqual({ title: 'one' });
    const other = connection.prepare(sql);
    expect(other).not.toBe(iterating);
    expect(other.all()).toEqual([{ title: 'one' }, { title: 'two' }]);
    rows.return?.();
  });

  it('keeps only the most recently used statements', () => {
    reusePreparedStatements(connection, 2);
    const a = connection.prepare('select 1');
    const b = connection.prepare('select 2');
    expect(connection.prepare('select 1')).toBe(a);
    connection.prepare('select 3');
    // "select 2" was the least recently used: it went, "select 1" stayed.
    expect(connection.prepare('select 1')).toBe(a);
    expect(connection.prepare('select 2')).not.toBe(b);
  });
});

describe('knex on SQLite with reused statements', () => {
  let dir: string;
  let db: Db;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'npo-statements-'));
    db = createDb({ sqliteFile: path.join(dir, 'app.db') });
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers each query from its own bindings when the same SQL repeats', async () => {
    await db.schema.createTable('notes', (table) => {
      table.increments('id');
      table.string('title').notNullable();
    });
    for (const title of ['one', 'two', 'three']) await db('notes').insert({ title });
    const titles = await Promise.all([1, 2, 3].map((id) => db('notes').where({ id }).first('title')));
    expect(titles).toEqual([{ title: 'one' }, { title: 'two' }, { title: 'three' }]);
    await db('notes').where({ id: 2 }).update({ title: 'deux' });
    expect(await db('notes').orderBy('id').pluck('title')).toEqual(['one', 'deux', 'three']);
  });
});
