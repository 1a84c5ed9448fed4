import { describe, expect, it } from 'vitest';
import { inTurn, inTurns } from './turns.js';

describe('inTurn', () => {
  it('runs the work of one owner one at a time, in order, past a failure; other owners apart', async () => {
    const owner = {};
    const other = {};
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = inTurn(owner, async () => {
      events.push('first starts');
      await held;
      events.push('first ends');
      return 1;
    });
    const failing = inTurn(owner, async () => {
      events.push('failing runs');
      throw new Error('no');
    });
    const third = inTurn(owner, async () => {
      events.push('third runs');
      return 3;
    });
    const elsewhere = await inTurn(other, async () => {
      events.push('other owner runs');
      return 'x';
    });
    expect(elsewhere).toBe('x');
    // The other owner did not wait for the first turn, still held; nothing of `owner` ran past it.
    expect(events).toEqual(['first starts', 'other owner runs']);
    release();
    expect(await first).toBe(1);
    await expect(failing).rejects.toThrow('no');
    expect(await third).toBe(3);
    expect(events).toEqual(['first starts', 'other owner runs', 'first ends', 'failing runs', 'third runs']);
  });

  it('reads each item of inTurns in a turn of its own: work asked during one item runs before the next', async () => {
    const owner = {};
    const events: string[] = [];
    let release!: () => void;
    const firstHeld = new Promise<void>((resolve) => (release = resolve));
    async function* pages() {
      for (let page = 1; page <= 3; page += 1) {
        events.push(`page ${page} starts`);
        if (page === 1) await firstHeld;
        events.push(`page ${page} ends`);
        yield page;
      }
    }
    const read: number[] = [];
    const reading = (async () => {
      for await (const page of inTurns(owner, pages())) read.push(page);
    })();
    while (!events.includes('page 1 starts')) await new Promise((resolve) => setImmediate(resolve));
    const search = inTurn(owner, async () => {
      events.push('search');
      return 'found';
    });
    // The search waits for the page under way, not for the whole export.
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['page 1 starts']);
    release();
    expect(await search).toBe('found');
    await reading;
    expect(read).toEqual([1, 2, 3]);
    expect(events).toEqual([
      'page 1 starts',
      'page 1 ends',
      'search',
      'page 2 starts',
      'page 2 ends',
      'page 3 starts',
      'page 3 ends',
    ]);
  });

  it('ends the source when its reader stops early (a dropped download)', async () => {
    const owner = {};
    let ended = false;
    async function* pages() {
      try {
        for (let page = 1; ; page += 1) yield page;
      } finally {
        ended = true;
      }
    }
    for await (const page of inTurns(owner, pages())) if (page === 2) break;
    expect(ended).toBe(true);
    // The owner's turns go on.
    expect(await inTurn(owner, () => Promise.resolve('next'))).toBe('next');
  });
});
