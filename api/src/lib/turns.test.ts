import { describe, expect, it } from 'vitest';
import { inTurn } from './turns.js';

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
});
