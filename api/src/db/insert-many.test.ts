/**
 * insertMany (the members import's profiles, specialties and tag links) on each engine: every row
 * with its own values, rows that exist skipped when asked, and a lone surrogate stored as U+FFFD as a
 * text parameter stores it on either engine, instead of failing PostgreSQL's whole batch.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEngines, type Engine } from '../test-support/databases.js';
import { useMigratedDatabase } from '../test-support/migrated-database.js';
import type { Db } from './connection.js';
import { insertMany } from './insert-many.js';

const NOW = new Date('2026-03-02T10:00:00.000Z');

describeEngines('insertMany on %s', (engine: Engine) => {
  const migrated = useMigratedDatabase(engine);
  let db: Db;
  beforeAll(() => {
    db = migrated.db;
  });

  it('writes every row, in batches on SQLite, and skips the rows that exist when asked', async () => {
    const tags = Array.from({ length: 5 }, (_, index) => ({
      name: `Tag ${index}`,
      name_key: `tag ${index}`,
      revision: 1,
      created_at: NOW,
      updated_at: NOW,
    }));
    await insertMany(db, 'tags', tags, { batch: 2 });
    const stored = await db('tags').orderBy('name').select('id', 'name', 'created_at');
    expect(stored.map((tag) => tag.name)).toEqual(tags.map((tag) => tag.name));
    expect(stored.every((tag) => new Date(tag.created_at).getTime() === NOW.getTime())).toBe(true);

    const [user] = await db('users')
      .insert({ name: 'Linked', email: 'linked@example.org', role: 'member', created_at: NOW, updated_at: NOW })
      .returning('id');
    const links = stored.map((tag) => ({ user_id: Number(user!.id), tag_id: Number(tag.id) }));
    await insertMany(db, 'member_tags', links.slice(0, 2), { batch: 2 });
    await insertMany(db, 'member_tags', links, { batch: 2, skipConflictsOn: ['user_id', 'tag_id'] });
    expect(await db('member_tags').where({ user_id: user!.id }).count({ n: '*' }).first()).toEqual({
      n: engine === 'postgres' ? '5' : 5,
    });
  });

  it('stores a lone surrogate as U+FFFD, as a text parameter does on either engine', async () => {
    await insertMany(
      db,
      'tags',
      [{ name: 'Half \ud800 pair', name_key: 'half', revision: 1, created_at: NOW, updated_at: NOW }],
      {
        batch: 2,
      },
    );
    expect(await db('tags').where({ name_key: 'half' }).first('name')).toEqual({ name: 'Half \ufffd pair' });
  });
});
