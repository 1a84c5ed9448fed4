/**
 * Issue 9, scale with data: every admin list, search and the dashboard reads through an index, never
 * through every row of users, contact_messages or activity_registrations. The plans come from the
 * SQL the real repositories send (scripts/query-plans.ts), on a tenth of the large data set
 * (on fewer rows PostgreSQL rightly prefers other plans).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createContactMessagesRepository, SEARCH_COUNT } from '../modules/contact-messages/repository.js';
import { createUsersRepository } from '../modules/users/repository.js';
import { seedLargeData } from '../scripts/large-data.js';
import { explainCase, fullTableScans, planCases } from '../scripts/query-plans.js';
import { createTestDatabase, describeEngines, type TestDatabase } from '../test-support/databases.js';
import { skipWhen } from '../test-support/skips.js';
import { createDb, type Db } from './connection.js';
import { migrateToLatest } from './migrate.js';
import { foldText, registerFold } from './search.js';

const NOW = new Date('2026-11-23T12:00:00.000Z');

type SqliteConnection = Parameters<typeof registerFold>[0];

/** Runs `work` on SQLite's one connection (better-sqlite3's Database), between two queries of knex. */
async function onConnection(db: Db, work: (connection: SqliteConnection) => void): Promise<void> {
  const connection: SqliteConnection = await db.client.acquireConnection();
  try {
    work(connection);
  } finally {
    await db.client.releaseConnection(connection);
  }
}

describeEngines('query plans of the admin lists on %s', (engine) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = createDb({ databaseUrl: database.databaseUrl, sqliteFile: `${database.dataDir}/app.db` });
    await migrateToLatest(db);
    await seedLargeData(db, { now: NOW, scale: 0.1 });
  }, 60_000);

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  // A deep page of 100: half-way through the 10,000 members of the data set.
  it.each(planCases(engine, NOW, 100).map((planCase) => [planCase.name, planCase] as const))(
    '%s uses its indexes',
    async (_name, planCase) => {
      const explained = await explainCase(db, planCase, { forceIndexes: true });
      const plan = explained.flatMap((query) => query.plan);
      for (const index of planCase.uses)
        expect(
          plan.some((line) => line.includes(index)),
          `${index} in\n${plan.join('\n')}`,
        ).toBe(true);
      expect(explained.flatMap(fullTableScans)).toEqual([]);
    },
  );

  // The plan shows the index, not where fold(name)'s value comes from: the old index held the name, so
  // SQLite could fold it again for every entry it walks (3,500 here; a rare string folds all 100,000
  // members of the large data, 45 ms).
  const sqliteOnly = skipWhen(engine !== 'sqlite' && 'the plan of SQLite');
  it('members search of two characters takes the folded names from the index', sqliteOnly, async () => {
    let calls = 0;
    await onConnection(db, (connection) =>
      connection.function('fold', { deterministic: true }, (value) => {
        calls += 1;
        return typeof value === 'string' ? foldText(value) : value;
      }),
    );
    try {
      const result = await createUsersRepository(db).page({ page: 1, limit: 50 }, { role: 'member', search: 'jo' });
      expect(result.items).toHaveLength(50);
      expect(calls).toBe(0);
      await db.raw("select fold('Zoë')");
      expect(calls).toBe(1);
    } finally {
      await onConnection(db, registerFold);
    }
  });

  // Each way the message search takes (FTS5 phrase, inbox walk for a common or short text, PostgreSQL's
  // trigram index) finds what folding every message in JS finds, in list order, with the capped total.
  it.each(['hello', '(12', 'VISITOR1', 'zq', 'lo', 'ÉS', 'x%_'])(
    'message search for %s finds what a full read finds',
    async (q) => {
      const rows: { id: number; name: string; email: string; message: string; state: string; created_at: unknown }[] =
        await db('contact_messages')
          .whereNot({ state: 'archived' })
          .orderBy([
            { column: 'created_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ]);
      const wanted = foldText(q);
      const expected = rows.filter((row) =>
        [row.name, row.email, row.message].some((text) => foldText(text).includes(wanted)),
      );
      const result = await createContactMessagesRepository(db).page({ page: 1, limit: 50 }, 'active', q);
      expect(result.items.map((message) => message.id)).toEqual(expected.slice(0, 50).map((row) => row.id));
      expect(result.total).toBe(Math.min(expected.length, SEARCH_COUNT));
    },
  );
});
