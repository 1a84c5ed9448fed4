/**
 * idsInChunks (the message export's ids) on each engine: the same ids in the same order as one
 * statement, however many rows share a time, and on SQLite the event loop free between chunks. And
 * the message search's pass over the table (walkedIds), made in ranges of ids: the same first matches
 * as one pass, in any sort.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEngines, type Engine } from '../test-support/databases.js';
import { useMigratedDatabase } from '../test-support/migrated-database.js';
import { createContactMessagesRepository } from '../modules/contact-messages/repository.js';
import { idsInChunks } from './chunked-reads.js';
import type { Db } from './connection.js';
import { insertMany } from './insert-many.js';
import type { OrderBy } from './paging.js';

const NEWEST_FIRST: OrderBy = [
  { column: 'created_at', order: 'desc' },
  { column: 'id', order: 'desc' },
];
/** Past the search's range of 10,000 ids, so that its pass takes three. */
const MESSAGES = 21_000;
const STATES = ['new', 'read', 'archived', 'replied', 'spam'] as const;

describeEngines('reads in chunks on %s', (engine: Engine) => {
  const migrated = useMigratedDatabase(engine);
  let db: Db;

  beforeAll(async () => {
    db = migrated.db;
    // Seven times a minute apart, so that each is shared by 3,000 messages; "xq" in every 700th (each a
    // new one), "qv" in every fourth.
    const rows = Array.from({ length: MESSAGES }, (_, index) => ({
      name: `Sender ${String(MESSAGES - index).padStart(5, '0')}`,
      email: `sender${index}@example.org`,
      phone: '+44 20 7946 0000',
      message: index % 700 === 0 ? `About xq number ${index}` : `Hello number ${index}${index % 4 === 1 ? ' qv' : ''}`,
      state: STATES[index % STATES.length],
      created_at: new Date(Date.UTC(2026, 2, 2, 10, index % 7)),
    }));
    await insertMany(db, 'contact_messages', rows, { batch: 200 });
  }, 120_000);

  const active = () => db('contact_messages').whereNotIn('state', ['archived', 'spam']);

  it('reads the ids one statement reads, in its order, across chunks that end among equal times', async () => {
    const whole = (await active().orderBy(NEWEST_FIRST).pluck('id')).map(Number);
    expect(whole).toHaveLength((MESSAGES / STATES.length) * 3);
    expect(await idsInChunks(db, active, NEWEST_FIRST, 997)).toEqual(whole);
    const oldestFirst: OrderBy = NEWEST_FIRST.map(({ column }) => ({ column, order: 'asc' }));
    expect(await idsInChunks(db, active, oldestFirst, 1_000)).toEqual([...whole].reverse());
  });

  it(`lets the event loop turn between chunks${engine === 'postgres' ? ' (one statement here)' : ''}`, async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const ids = await idsInChunks(db, active, NEWEST_FIRST, 1_000);
    counting = false;
    expect(ids).toHaveLength(12_600);
    if (engine === 'sqlite') expect(turns).toBeGreaterThanOrEqual(12);
    else expect(turns).toBeGreaterThan(0);
  });

  it('refuses an order it cannot read as a keyset', async () => {
    const mixed: OrderBy = [
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'asc' },
    ];
    if (engine === 'sqlite') await expect(idsInChunks(db, active, mixed)).rejects.toThrow(/one way/);
    else expect(await idsInChunks(db, active, mixed)).toHaveLength(12_600);
  });

  it('finds the first thousand of a two-letter search among the newest, window after window of them', async () => {
    // "qv" is in a quarter of the messages: the newest 2,500 hold some 625 of them, the newest 5,000 more than 1,000.
    const expected = (
      await active().where('message', 'like', '%qv%').orderBy(NEWEST_FIRST).limit(1_001).pluck('id')
    ).map(Number);
    const repository = createContactMessagesRepository(db);
    const last = await repository.page({ page: 40, limit: 25 }, 'active', 'qv');
    // The count goes one past the page asked for (SEARCH_COUNT), so that the next stays reachable.
    expect(last.total).toBe(1_001);
    expect(last.items.map((message) => message.id)).toEqual(expected.slice(975, 1_000));
    const first = await repository.page({ page: 1, limit: 25 }, 'active', 'qv');
    expect(first.items.map((message) => message.id)).toEqual(expected.slice(0, 25));
  });

  it('finds the first matches of a two-letter search in every sort, as one pass over the table would', async () => {
    const repository = createContactMessagesRepository(db);
    const matching = () => active().where('message', 'like', '%xq%');
    for (const [sort, order] of [
      [{}, NEWEST_FIRST],
      [
        { sort: 'name', order: 'asc' },
        [
          { column: 'name', order: 'asc' },
          { column: 'id', order: 'asc' },
        ],
      ],
    ] as const) {
      const expected = (
        await matching()
          .orderBy(order as OrderBy)
          .pluck('id')
      ).map(Number);
      expect(expected).toHaveLength(30);
      const page = await repository.page({ page: 1, limit: 25 }, 'active', 'xq', sort);
      expect(page.total).toBe(30);
      expect(page.items.map((message) => message.id)).toEqual(expected.slice(0, 25));
    }
  });
});
