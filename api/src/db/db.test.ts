import { statSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepository } from '../modules/users/repository.js';
import { createTestDatabase, describeEngines, type Engine, type TestDatabase } from '../test-support/databases.js';
import { checkpointAfter, createDb, isPostgres, type Db } from './connection.js';
import { migrateToLatest, migrationSource, rollbackAll } from './migrate.js';
import { REVISED_TABLES } from './migrations/20261123090000_row_revisions.js';
import { jsonText, toCount } from './rows.js';
import { TABLE_NAMES } from './tables.js';

const TABLES = TABLE_NAMES;

const now = () => new Date();
const stamps = () => ({ created_at: now(), updated_at: now() });

/** The content columns of one row of each versioned table. */
const VERSIONED: Record<string, () => Record<string, unknown>> = {
  about_us_versions: () => ({ description: 'About', aims: 'Aims', objectives: jsonText([]) }),
  contact_info_versions: () => ({
    email: 'info@example.org',
    phone: '+91 9876543210',
    instagram: '@network',
    social_links: jsonText({}),
  }),
  privacy_policy_versions: () => ({ title: 'Privacy Policy', content: 'Text' }),
  terms_of_service_versions: () => ({ title: 'Terms of Service', content: 'Text' }),
};

const UNIQUE_VIOLATION = { code: expect.stringMatching(/^(23505|SQLITE_CONSTRAINT_UNIQUE)$/) };
const FOREIGN_KEY_VIOLATION = { code: expect.stringMatching(/^(23503|SQLITE_CONSTRAINT_FOREIGNKEY)$/) };

async function countOf(query: Knex.QueryBuilder): Promise<number> {
  return toCount(await query.count({ count: '*' }).first());
}

function openDb(database: TestDatabase): Db {
  return createDb({ databaseUrl: database.databaseUrl, sqliteFile: path.join(database.dataDir, 'app.db') });
}

describeEngines('database on %s', (engine: Engine) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = openDb(database);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  describe('migrations', () => {
    it('run on the engine and create every table', async () => {
      expect(isPostgres(db)).toBe(engine === 'postgres');
      for (const table of TABLES) expect(await db.schema.hasTable(table), table).toBe(true);
    });

    it('are a no-op the second time', async () => {
      const before = await db('knex_migrations').select('name');
      await migrateToLatest(db);
      expect(await db('knex_migrations').select('name')).toEqual(before);
      expect(before.map((row) => row.name)).toEqual(await migrationSource.getMigrations([]));
    });

    it('roll back completely and run again', async () => {
      const scratch = await createTestDatabase(engine);
      const scratchDb = openDb(scratch);
      try {
        await migrateToLatest(scratchDb);
        await rollbackAll(scratchDb);
        for (const table of TABLES) expect(await scratchDb.schema.hasTable(table), table).toBe(false);
        await migrateToLatest(scratchDb);
        for (const table of TABLES) expect(await scratchDb.schema.hasTable(table), table).toBe(true);
      } finally {
        await scratchDb.destroy();
        await scratch.drop();
      }
    });
  });

  describe('row revisions', () => {
    it('start at 1 on every table an admin edits', async () => {
      const [card] = await db('membership_cards')
        .insert({ type: 'Community', title: 'Card', subtitle: 'Text', points: jsonText([]), ...stamps() })
        .returning('*');
      expect(card!.revision).toBe(1);
      for (const table of REVISED_TABLES) expect(await db.schema.hasColumn(table, 'revision'), table).toBe(true);
    });

    it('roll back alone without losing the rows that hang off users, then come back at 1', async () => {
      const scratch = await createTestDatabase(engine);
      const scratchDb = openDb(scratch);
      try {
        await migrateToLatest(scratchDb);
        const [user] = await scratchDb('users')
          .insert({ name: 'Kept', email: 'kept@example.org', role: 'member', ...stamps() })
          .returning('id');
        const userId = typeof user === 'object' ? user.id : user;
        await scratchDb('auth_tokens').insert({
          user_id: userId,
          purpose: 'reset',
          token_hash: 'k'.repeat(64),
          expires_at: now(),
          created_at: now(),
        });
        await scratchDb('about_us_versions').insert({
          version: 1,
          is_active: true,
          ...VERSIONED.about_us_versions!(),
          ...stamps(),
        });
        await scratchDb('users').where({ id: userId }).update({ revision: 5 });

        // The migrations after it first, one at a time, then row revisions itself.
        const fromRowRevisions = (await migrationSource.getMigrations([])).filter(
          (name) => name >= '20261123090000_row_revisions',
        );
        for (const _name of fromRowRevisions) await scratchDb.migrate.down({ migrationSource });
        for (const table of REVISED_TABLES)
          expect(await scratchDb.schema.hasColumn(table, 'revision'), table).toBe(false);
        expect(await countOf(scratchDb('auth_tokens'))).toBe(1);
        // The partial unique index survives SQLite's copy of the table.
        await expect(
          scratchDb('about_us_versions').insert({
            version: 2,
            is_active: true,
            ...VERSIONED.about_us_versions!(),
            ...stamps(),
          }),
        ).rejects.toMatchObject(UNIQUE_VIOLATION);

        await migrateToLatest(scratchDb);
        expect(await scratchDb('users').where({ id: userId }).first('revision')).toEqual({ revision: 1 });
      } finally {
        await scratchDb.destroy();
        await scratch.drop();
      }
    });
  });

  describe.each(Object.keys(VERSIONED))('versioned table %s', (table) => {
    const row = (version: number, isActive: boolean) => ({
      version,
      is_active: isActive,
      ...VERSIONED[table]!(),
      ...stamps(),
    });

    it('allows many inactive rows and exactly one active row', async () => {
      await db(table).insert([row(1, false), row(2, false), row(3, false)]);
      await db(table).insert(row(4, true));
      await expect(db(table).insert(row(5, true))).rejects.toMatchObject(UNIQUE_VIOLATION);
      await expect(db(table).where({ version: 2 }).update({ is_active: true })).rejects.toMatchObject(UNIQUE_VIOLATION);
      expect(await db(table).where({ is_active: true }).select('version')).toEqual([{ version: 4 }]);
      expect(await countOf(db(table))).toBe(4);
    });

    it('moves the active flag inside a transaction', async () => {
      await db.transaction(async (trx) => {
        await trx(table).where({ is_active: true }).update({ is_active: false });
        await trx(table).where({ version: 2 }).update({ is_active: true });
      });
      expect(await db(table).where({ is_active: true }).select('version')).toEqual([{ version: 2 }]);
    });

    it('refuses a duplicate version number', async () => {
      await expect(db(table).insert(row(1, false))).rejects.toMatchObject(UNIQUE_VIOLATION);
    });
  });

  describe('users', () => {
    it('keeps e-mails unique: the repository lower-cases, so another case is the same address', async () => {
      const users = createUsersRepository(db);
      const user = { name: 'Dup', passwordHash: null, role: 'member' as const, permissions: {} };
      const first = await users.insert({ ...user, email: 'Same.Person@Example.org' }, now());
      expect(first.email).toBe('same.person@example.org');
      await expect(users.insert({ ...user, email: 'same.person@example.org' }, now())).rejects.toMatchObject(
        UNIQUE_VIOLATION,
      );
      await expect(users.insert({ ...user, email: 'SAME.PERSON@EXAMPLE.ORG' }, now())).rejects.toMatchObject(
        UNIQUE_VIOLATION,
      );
      expect(await users.findByEmail('SAME.person@example.ORG')).toMatchObject({ id: first.id });
    });
  });

  describe('foreign keys', () => {
    it('are enforced on this engine', async () => {
      if (engine === 'sqlite') {
        expect(await db.raw('pragma foreign_keys')).toEqual([{ foreign_keys: 1 }]);
      }
      await expect(
        db('auth_tokens').insert({
          user_id: 999_999,
          purpose: 'reset',
          token_hash: 'f'.repeat(64),
          expires_at: now(),
          created_at: now(),
        }),
      ).rejects.toMatchObject(FOREIGN_KEY_VIOLATION);
    });

    it('cascade: deleting a user deletes their tokens and registrations', async () => {
      const users = createUsersRepository(db);
      const user = await users.insert(
        { name: 'Leaving', email: 'leaving@example.org', passwordHash: null, role: 'member', permissions: {} },
        now(),
      );
      const other = await users.insert(
        { name: 'Staying', email: 'staying@example.org', passwordHash: null, role: 'member', permissions: {} },
        now(),
      );
      const token = (userId: number, hash: string) => ({
        user_id: userId,
        purpose: 'reset' as const,
        token_hash: hash.repeat(64),
        expires_at: now(),
        created_at: now(),
      });
      await db('auth_tokens').insert([token(user.id, 'a'), token(user.id, 'b'), token(other.id, 'c')]);
      const [activity] = await db('activities')
        .insert({
          title: 'Webinar',
          description: 'Talk',
          date: now(),
          location: 'Online',
          status: 'upcoming',
          tags: jsonText([]),
          ...stamps(),
        })
        .returning('id');
      const activityId = typeof activity === 'object' ? activity.id : activity;
      await db('activity_registrations').insert([
        { activity_id: activityId, user_id: user.id, created_at: now() },
        { activity_id: activityId, user_id: other.id, created_at: now() },
      ]);
      await expect(
        db('activity_registrations').insert({ activity_id: activityId, user_id: user.id, created_at: now() }),
      ).rejects.toMatchObject(UNIQUE_VIOLATION);

      await db('users').where({ id: user.id }).delete();
      expect(await countOf(db('auth_tokens').where({ user_id: user.id }))).toBe(0);
      expect(await countOf(db('auth_tokens').where({ user_id: other.id }))).toBe(1);
      expect(await db('activity_registrations').select('user_id')).toEqual([{ user_id: other.id }]);

      await db('activities').where({ id: activityId }).delete();
      expect(await db('activity_registrations').select('user_id')).toEqual([]);
    });
  });

  describe('a large write, checkpointed after it (issue 51)', () => {
    const setting = async () =>
      (await db.raw<{ wal_autocheckpoint: number }[]>('pragma wal_autocheckpoint'))[0]?.wal_autocheckpoint;
    const databaseBytes = () => statSync(path.join(database.dataDir, 'app.db')).size;

    it('writes with the automatic checkpoint off, then copies the log into the database and turns it back on', async () => {
      const warnings: object[] = [];
      const before = engine === 'sqlite' ? databaseBytes() : 0;
      const answer = await checkpointAfter(
        db,
        async () => {
          if (engine === 'sqlite') expect(await setting()).toBe(0);
          await db.transaction(async (trx) => {
            for (let start = 0; start < 4_000; start += 500) {
              const rows = Array.from({ length: 500 }, (_, i) => ({
                name: `Checkpointed Member ${start + i} ${'x'.repeat(70)}`,
                email: `checkpointed.${start + i}@example.org`,
                role: 'member' as const,
                permissions: '{}',
                ...stamps(),
              }));
              await trx('users').insert(rows);
            }
          });
          return 'written';
        },
        { warn: (obj) => warnings.push(obj) },
      );
      expect(answer).toBe('written');
      expect(warnings).toEqual([]);
      if (engine !== 'sqlite') return;
      expect(await setting()).toBe(1000);
      // Only a checkpoint puts the log's pages into the file: 4,000 rows of over 100 bytes are there.
      expect(databaseBytes() - before).toBeGreaterThan(4_000 * 100);
    });

    it('turns the automatic checkpoint back on when the write fails', async () => {
      await expect(
        checkpointAfter(db, async () => {
          throw new Error('the write failed');
        }),
      ).rejects.toThrow('the write failed');
      if (engine === 'sqlite') expect(await setting()).toBe(1000);
    });
  });
});
