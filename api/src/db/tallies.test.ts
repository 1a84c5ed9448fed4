/**
 * The row counts the database keeps (migration 20261201120000, db/tallies.ts) equal what counting the
 * rows gives, after every kind of write: inserts one by one and in bulk, a role or activity changed, an
 * account erased, rows deleted, a message moved between states; and after PostgreSQL's folds, alone and
 * two at once. The migration counts the rows that were there before it.
 */
import { ADMIN_ROLES, CONTACT_MESSAGE_STATES, ROLES, type ContactMessageState, type Role } from '@npo/shared';
import { beforeAll, expect, it } from 'vitest';
import { describeEngines, type Engine } from '../test-support/databases.js';
import { useMigratedDatabase } from '../test-support/migrated-database.js';
import { isPostgres, type Db } from './connection.js';
import { migrateToLatest, migrationSource } from './migrate.js';
import { toCount } from './rows.js';
import { accountCount, accountsByRoleAndActivity, foldTallies, messageCount } from './tallies.js';

const NOW = new Date('2026-03-02T10:00:00.000Z');
let nextEmail = 0;

function account(role: Role, extra: { is_active?: boolean } = {}) {
  nextEmail += 1;
  return {
    name: `Account ${nextEmail}`,
    email: `a${nextEmail}@example.org`,
    role,
    is_active: true,
    created_at: NOW,
    updated_at: NOW,
    ...extra,
  };
}

function message(state: ContactMessageState) {
  return { name: 'Visitor', email: 'visitor@example.org', phone: '', message: 'Hello', state, created_at: NOW };
}

async function counted(db: Db, table: 'users' | 'contact_messages', where: Record<string, unknown>, erased?: boolean) {
  const query = db(table).where(where);
  if (erased === true) query.whereNotNull('erased_at');
  if (erased === false) query.whereNull('erased_at');
  return toCount(await query.count({ count: '*' }).first());
}

/** Every tally the repositories read, against a count of the rows. */
async function expectTalliesToMatch(db: Db): Promise<void> {
  for (const role of ROLES) {
    expect(await accountCount(db, { roles: [role] }), role).toBe(await counted(db, 'users', { role }));
    for (const active of [true, false]) {
      for (const erased of [true, false]) {
        expect(await accountCount(db, { roles: [role], active, erased }), `${role} ${active} ${erased}`).toBe(
          await counted(db, 'users', { role, is_active: active }, erased),
        );
      }
    }
  }
  const admins = toCount(
    await db('users')
      .whereIn('role', [...ADMIN_ROLES])
      .count({ count: '*' })
      .first(),
  );
  expect(await accountCount(db, { roles: ADMIN_ROLES })).toBe(admins);
  const groups = await db('users')
    .whereNull('erased_at')
    .select('role', 'is_active')
    .count({ count: '*' })
    .groupBy('role', 'is_active');
  const expected = groups.map((group) => ({ role: group.role, active: !!group.is_active, count: toCount(group) }));
  const sortKey = (group: { role: string; active: boolean }) => `${group.role}:${group.active}`;
  expect((await accountsByRoleAndActivity(db)).sort((a, b) => sortKey(a).localeCompare(sortKey(b)))).toEqual(
    expected.sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
  );
  for (const state of CONTACT_MESSAGE_STATES) {
    expect(await messageCount(db, [state]), state).toBe(await counted(db, 'contact_messages', { state }));
  }
}

const tallyRows = async (db: Db) => toCount(await db('row_tallies').count({ count: '*' }).first());

describeEngines('row tallies on %s', (engine: Engine) => {
  const migrated = useMigratedDatabase(engine);
  let db: Db;
  beforeAll(() => {
    db = migrated.db;
  });

  it('count the rows that were there before the migration', async () => {
    // Back to just before the migration: the later ones first.
    while (await db.schema.hasTable('row_tallies')) await db.migrate.down({ migrationSource });
    await db('users').insert([account('member'), account('member', { is_active: false }), account('admin')]);
    await db('contact_messages').insert([message('new'), message('archived')]);
    await migrateToLatest(db);
    expect(await accountCount(db, { roles: ['member'] })).toBe(2);
    await expectTalliesToMatch(db);
  });

  it('follow inserts, one by one and in bulk', async () => {
    await db('users').insert(account('super_admin'));
    await db('users').insert(Array.from({ length: 120 }, (_, index) => account(index % 3 ? 'member' : 'admin')));
    await db('contact_messages').insert(Array.from({ length: 40 }, (_, index) => message(index % 2 ? 'new' : 'spam')));
    await expectTalliesToMatch(db);
  });

  it('follow a role or activity changed and an account erased, and ignore updates that change neither', async () => {
    const ids = await db('users').where({ role: 'member' }).orderBy('id').limit(30).pluck('id');
    await db('users').whereIn('id', ids.slice(0, 10)).update({ is_active: false });
    await db('users').whereIn('id', ids.slice(10, 15)).update({ role: 'admin' });
    await db('users').whereIn('id', ids.slice(15, 20)).update({ erased_at: NOW, name: 'Erased member' });
    const before = await tallyRows(db);
    await db('users').whereIn('id', ids.slice(20, 30)).update({ last_login_at: NOW });
    expect(await tallyRows(db)).toBe(before);
    const someNew = await db('contact_messages').where({ state: 'new' }).orderBy('id').limit(5).pluck('id');
    await db('contact_messages').whereIn('id', someNew).update({ state: 'read' });
    await db('contact_messages').where({ state: 'new' }).update({ state: 'archived' });
    await expectTalliesToMatch(db);
  });

  it('follow deletes', async () => {
    const someAdmins = await db('users').where({ role: 'admin' }).orderBy('id').limit(7).pluck('id');
    await db('users').whereIn('id', someAdmins).delete();
    await db('users').where({ is_active: false }).delete();
    await db('contact_messages').where({ state: 'spam' }).delete();
    await expectTalliesToMatch(db);
  });

  it('stay few rows: folded on PostgreSQL once many, two folds at once counting nothing twice; one per key on SQLite', async () => {
    const accountRows = async () =>
      toCount(await db('row_tallies').where({ source: 'users' }).count({ count: '*' }).first());
    for (let index = 0; index < 250; index += 1) await db('users').insert(account('member'));
    const keys = (await db('row_tallies').where({ source: 'users' }).distinct('key')).length;
    // PostgreSQL adds a row a statement; SQLite updates its key's row.
    if (isPostgres(db)) expect(await accountRows()).toBeGreaterThan(250);
    else expect(await accountRows()).toBe(keys);
    const expected = await counted(db, 'users', { role: 'member' });
    // Both read more rows than FOLD_ABOVE and fold at once; each total is still the count.
    const totals = await Promise.all([
      accountCount(db, { roles: ['member'] }),
      accountCount(db, { roles: ['member'] }),
    ]);
    expect(totals).toEqual([expected, expected]);
    expect(await accountRows()).toBe(keys);
    await expectTalliesToMatch(db);
  });

  it("fold on the server's timer without a read: as many rows as keys after it, the same totals", async () => {
    for (let index = 0; index < 20; index += 1) await db('contact_messages').insert(message('new'));
    const keys = (await db('row_tallies').distinct('source', 'key')).length;
    await foldTallies(db);
    expect(await tallyRows(db)).toBe(keys);
    await expectTalliesToMatch(db);
  });
});
