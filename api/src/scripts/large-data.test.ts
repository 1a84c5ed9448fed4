/**
 * The large data set (npm run seed:large) and the accounts search it made necessary: the seeding is
 * deterministic and refuses nothing by itself, and the search index (an FTS5 trigram table kept by
 * triggers on SQLite, pg_trgm on PostgreSQL) follows every insert, rename and delete.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type Db } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { toIso } from '../db/rows.js';
import { createUsersRepository } from '../modules/users/repository.js';
import { createTestDatabase, describeEngines, type TestDatabase } from '../test-support/databases.js';
import { createRandom } from '../lib/seeded-random.js';
import { hasLargeData, scaledCounts, seedLargeData, SEEDED_ADMINS, SEEDED_SUPER_ADMINS } from './large-data.js';

const NOW = new Date('2026-11-23T12:00:00.000Z');

describeEngines('large data on %s', (engine) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = createDb({ databaseUrl: database.databaseUrl, sqliteFile: `${database.dataDir}/app.db` });
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const countOf = async (table: string) => Number((await db(table).count({ count: '*' }).first())?.count);
  const searchMembers = async (search: string) =>
    (await createUsersRepository(db).page({ page: 1, limit: 100 }, { role: 'member', search })).items.map(
      (user) => user.email,
    );

  it('seeds the scaled counts, staff included, with accented names and dates up to now', async () => {
    expect(await hasLargeData(db)).toBe(false);
    const { counts } = await seedLargeData(db, { now: NOW, scale: 0.01 });
    expect(counts).toEqual(scaledCounts(0.01));
    expect(await hasLargeData(db)).toBe(true);
    expect(await countOf('users')).toBe(counts.members + SEEDED_ADMINS + SEEDED_SUPER_ADMINS);
    expect(await countOf('activity_registrations')).toBe(counts.registrations);
    expect(await countOf('contact_messages')).toBe(counts.messages);
    expect(await countOf('faqs')).toBe(counts.faqs);
    // The directory's professionals (issue 57): listed and verified, each with its slug.
    const listed = await db('member_profiles')
      .where({ listed: true, verification: 'verified' })
      .whereNotNull('directory_slug');
    expect(listed).toHaveLength(counts.profiles);
    const names: string[] = await db('users').pluck('name');
    expect(names.some((name) => name !== name.normalize('NFD'))).toBe(true);
    const latest = await db('users').max({ latest: 'created_at' }).first();
    expect(toIso(latest?.latest) <= NOW.toISOString()).toBe(true);
  });

  it('draws the same numbers from the same seed', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, createRandom(seed).next);
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('finds accounts by any part of the name or e-mail, in any case, after inserts, renames and deletes', async () => {
    const users = createUsersRepository(db);
    const row = await users.insert(
      { name: 'Zoë Quennell', email: 'zq-search@example.org', passwordHash: null, role: 'member', permissions: {} },
      NOW,
    );
    expect(await searchMembers('quennell')).toEqual(['zq-search@example.org']);
    expect(await searchMembers('ZQ-SEARCH@')).toEqual(['zq-search@example.org']);
    await db('users').where({ id: row.id }).update({ name: 'Zoë Farrow', email: 'zf-search@example.org' });
    expect(await searchMembers('quennell')).toEqual([]);
    expect(await searchMembers('farrow')).toEqual(['zf-search@example.org']);
    expect(await searchMembers('zf-search')).toEqual(['zf-search@example.org']);
    await db('users').where({ id: row.id }).delete();
    expect(await searchMembers('farrow')).toEqual([]);
  });

  it('takes quotes, LIKE wildcards and short searches literally', async () => {
    const users = createUsersRepository(db);
    await users.insert(
      {
        name: 'Ann "Nan" O_Hara 100%',
        email: 'ann-literal@example.org',
        passwordHash: null,
        role: 'member',
        permissions: {},
      },
      NOW,
    );
    expect(await searchMembers('"nan"')).toEqual(['ann-literal@example.org']);
    expect(await searchMembers('o_hara')).toEqual(['ann-literal@example.org']);
    expect(await searchMembers('100%')).toEqual(['ann-literal@example.org']);
    expect(await searchMembers('_')).toContain('ann-literal@example.org');
    expect(await searchMembers('zz%')).toEqual([]);
  });
});
