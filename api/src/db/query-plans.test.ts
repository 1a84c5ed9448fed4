/**
 * Issue 9, scale with data: every admin list, search and the dashboard reads through an index, never
 * through every row of users, contact_messages or activity_registrations. The plans come from the
 * SQL the real repositories send (scripts/query-plans.ts), on a tenth of the large data set
 * (on fewer rows PostgreSQL rightly prefers other plans).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLargeData } from '../scripts/large-data.js';
import { explainCase, fullTableScans, planCases } from '../scripts/query-plans.js';
import { createTestDatabase, testEngines, type TestDatabase } from '../test-support/databases.js';
import { createDb, type Db } from './connection.js';
import { migrateToLatest } from './migrate.js';

const NOW = new Date('2026-11-23T12:00:00.000Z');

describe.each(testEngines())('query plans of the admin lists on %s', (engine) => {
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
});
