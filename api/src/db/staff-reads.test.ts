/**
 * Staff reads answer exactly what Knex answers for the same builder, see what was written just
 * before, and on SQLite leave the event loop free while they run (issue 19: no staff query can stall
 * the site).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CsvFormat } from '../lib/csv.js';
import { createTestDatabase, describeEngines, type TestDatabase } from '../test-support/databases.js';
import { createDb, type Db } from './connection.js';
import { closeStaffReads, staffReads, threadWrites } from './staff-reads.js';

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

  it('runs background writes with date and boolean bindings, answers the rows changed, and the site sees them at once', async () => {
    const writes = threadWrites(db);
    try {
      await db('notes').insert({ title: 'Written aside', done: false, due: WHEN });
      const later = new Date(WHEN.getTime() + 60_000);
      const changed = await writes.run(
        db('notes').where({ title: 'Written aside', done: false }).update({ done: true, due: later }),
      );
      expect(changed).toBe(1);
      expect(await db('notes').where({ title: 'Written aside' }).first()).toMatchObject({
        done: engine === 'sqlite' ? 1 : true,
      });
      expect(await db('notes').where({ title: 'Written aside' }).where('due', '=', later).pluck('title')).toEqual([
        'Written aside',
      ]);
      expect(await writes.run(db('notes').where({ title: 'Written aside' }).delete())).toBe(1);
      expect(await writes.run(db('notes').where({ title: 'Written aside' }).delete())).toBe(0);
    } finally {
      await writes.close();
    }
  });

  // An idle server holds no thread of background writes (about 10 MB each), SQLite's mail marks' among them.
  if (engine === 'sqlite')
    it("ends the writes' thread once idle, and the next write starts a fresh one", async () => {
      const writes = threadWrites(db, { idleMs: 50 });
      const stillHere = async () => {
        const deadline = Date.now() + 5000;
        while (writes.running() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
        return writes.running();
      };
      try {
        expect(writes.running()).toBe(false);
        expect(await writes.run(db('notes').where({ title: 'Nobody' }).delete())).toBe(0);
        expect(writes.running()).toBe(true);
        expect(await stillHere()).toBe(false);
        await db('notes').insert({ title: 'After a pause', done: false, due: WHEN });
        expect(await writes.run(db('notes').where({ title: 'After a pause' }).update({ done: true }))).toBe(1);
        expect(await db('notes').where({ title: 'After a pause' }).pluck('done')).toEqual([1]);
      } finally {
        await writes.close();
      }
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

  it('formats a page of a CSV export where it reads it, as the presenters would, in the order asked', async () => {
    const format: CsvFormat = {
      columns: [
        ['Title', 'title'],
        ['Done', { column: 'done', as: 'label', yes: 'Yes', no: 'No' }],
        ['Due', { column: 'due', as: 'date' }],
      ],
      id: 'id',
    };
    const bytes = await staffReads(db).csvPage(db('notes').whereIn('id', [1, 2]), [2, 1], format);
    const text = bytes.toString('utf8');
    expect(text).toBe(
      `Plain,No,${new Date(WHEN.getTime() + 1000).toISOString()}\r\nCrème brûlée,Yes,${WHEN.toISOString()}\r\n`,
    );
  });

  // The export thread opens its own connection as the pool does: a page past the timeout stops there.
  if (engine === 'postgres')
    it("stops an export's page at the pool's statement_timeout, with its SQLSTATE (answered 503)", async () => {
      const hurried = createDb({ databaseUrl: database.databaseUrl, statementTimeoutMs: 50 });
      try {
        const slow = hurried.select(hurried.raw('1 as id')).from(hurried.raw('pg_sleep(1)'));
        const format: CsvFormat = { columns: [['Id', 'id']], id: 'id' };
        await expect(staffReads(hurried).csvPage(slow, [1], format)).rejects.toMatchObject({ code: '57014' });
        // The thread goes on answering.
        const next = await staffReads(hurried).csvPage(hurried.select(hurried.raw('2 as id')), [2], format);
        expect(next.toString('utf8')).toBe('2\r\n');
      } finally {
        await closeStaffReads(hurried);
        await hurried.destroy();
      }
    });

  if (engine === 'postgres')
    it('starts a fresh connection when the staff thread lost its own', async () => {
      const marked = () => db.select(db.raw('1 as staff_thread_marker'));
      expect(await staffReads(db).run(marked())).toEqual([{ staff_thread_marker: 1 }]);
      const ended = await db.raw(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and query like '%staff_thread_marker%'`,
      );
      expect(ended.rows).toHaveLength(1);
      // A read that comes before the thread has noticed fails with the connection's error; then they
      // answer. Waited for by time, not by a count of tries: on a loaded machine the lost connection's
      // end can come long after its error, and failed reads answer fast (two CI runs used 50 up).
      let answered: unknown;
      const until = Date.now() + 20_000;
      while (answered === undefined && Date.now() < until) {
        answered = await staffReads(db)
          .run(marked())
          .catch(() => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 20)));
      }
      expect(answered).toEqual([{ staff_thread_marker: 1 }]);
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

  // Below the site's priority, yet never starved. In Linux's idle class this read took 18.5 s with
  // four busy processes on two cores, against 0.7 s at nice 10 (and a CI run timed two reads out).
  if (engine === 'sqlite')
    it('answers while normal-priority work keeps every core busy', async () => {
      const busy = Array.from({ length: availableParallelism() * 2 }, () =>
        spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }),
      );
      try {
        // About 50 ms of work for SQLite: counting 200,000 generated rows.
        const read = db
          .select(db.raw('count(*) as count'))
          .from(
            db.raw(
              '(with recursive n(i) as (select 1 union all select i + 1 from n where i < 200000) select i from n)',
            ),
          );
        const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 6000).unref());
        expect(await Promise.race([staffReads(db).run<{ count: number }[]>(read), late])).toEqual([{ count: 200000 }]);
      } finally {
        for (const child of busy) child.kill('SIGKILL');
      }
    });
});
