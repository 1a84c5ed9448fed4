/**
 * Staff reads answer exactly what Knex answers for the same builder, see what was written just
 * before, and on SQLite leave the event loop free while they run (issue 19: no staff query can stall
 * the site).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEngines, type TestDatabase } from '../test-support/databases.js';
import { createDb, type Db } from './connection.js';
import { closeStaffReads, staffReads } from './staff-reads.js';

const WHEN = new Date('2026-11-23T12:00:00.000Z');

describeEngines('staff reads on %s', (engine) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = createDb({ databaseUrl: database.databaseUrl, sqliteFile: `${database.dataDir}/app.db` });
    await db.schema.createTable('notes', (table) => {
      table.increments('id');
      table.string('title').notNullable();
      table.boolean('done').notNullable();
      table.timestamp('due', { useTz: true }).notNullable();
    });
    await db('notes').insert([
      { title: 'Crème brûlée', done: true, due: WHEN },
      { title: 'Plain', done: false, due: new Date(WHEN.getTime() + 1000) },
    ]);
  });

  afterAll(async () => {
    await closeStaffReads(db);
    await db?.destroy();
    await database?.drop();
  });

  it('answers rows, a first row and a plucked column as Knex does, with date and boolean bindings', async () => {
    const reads = staffReads(db);
    const rows = () => db('notes').where({ done: true }).where('due', '>=', WHEN).orderBy('id');
    expect(await reads.run(rows())).toEqual(await rows());
    expect(await reads.run(rows().first())).toEqual(await rows().first());
    expect(await reads.run(db('notes').orderBy('id').pluck('notes.title'))).toEqual(['Crème brûlée', 'Plain']);
    expect(await reads.run(db('notes').count({ count: '*' }).first())).toEqual(
      await db('notes').count({ count: '*' }).first(),
    );
  });

  it('sees a row committed just before', async () => {
    await db('notes').insert({ title: 'Fresh', done: false, due: WHEN });
    expect(await staffReads(db).run(db('notes').where({ title: 'Fresh' }).pluck('title'))).toEqual(['Fresh']);
  });

  it("folds text as the server's own connection does", async () => {
    const query = db('notes')
      .whereRaw(engine === 'sqlite' ? "fold(title) like '%creme%'" : 'true')
      .pluck('title');
    expect(await staffReads(db).run(query)).toEqual(await query);
  });

  it('rejects a bad query with its message and goes on answering', async () => {
    await expect(staffReads(db).run(db('no_such_table').select('id'))).rejects.toThrow(/no_such_table/);
    expect(await staffReads(db).run(db('notes').where({ id: 1 }).pluck('id'))).toEqual([1]);
  });

  // PostgreSQL runs every query in its own process: only SQLite's could hold the event loop.
  if (engine === 'sqlite')
    it('leaves the event loop free while a long read runs', async () => {
      // About half a second of work for SQLite: counting two million generated rows.
      const long = db
        .select(db.raw('count(*) as count'))
        .from(
          db.raw('(with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000000) select i from n)'),
        );
      const read = staffReads(db)
        .run<{ count: number }[]>(long)
        .then(() => 'read' as const);
      // On the event loop, the timer could not fire before the read ended; on the staff thread it does.
      const timer = new Promise<'timer'>((resolve) => setTimeout(() => resolve('timer'), 20));
      expect(await Promise.race([read, timer])).toBe('timer');
      expect(await read).toBe('read');
    });
});
