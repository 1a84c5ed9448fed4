/**
 * The admission of API requests (admission.ts): a few start per turn of the event loop, the others in
 * the turns after, in the order they came; a request that finds room starts at once.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { createAdmission } from './admission.js';

/** Sends requests 0..count-1 through the admission; `started` lists those whose handler has begun. */
function burst(admission: ReturnType<typeof createAdmission>, from: number, count: number, started: number[]) {
  return Array.from({ length: count }, (_, offset) =>
    admission.middleware({} as Context, () => {
      started.push(from + offset);
      return Promise.resolve();
    }),
  );
}

describe('the admission of API requests', () => {
  it('starts a few a turn, the rest in the turns after, in their order', async () => {
    const admission = createAdmission(2);
    const started: number[] = [];
    const answered = burst(admission, 0, 5, started);
    expect(started).toEqual([0, 1]);
    expect(admission.waitingCount()).toBe(3);
    // A request arriving now waits behind those already waiting.
    answered.push(...burst(admission, 5, 1, started));
    expect(started).toEqual([0, 1]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    await Promise.all(answered);
    expect(admission.waitingCount()).toBe(0);
  });

  it('starts a request at once when its turn has room, turn after turn', async () => {
    const admission = createAdmission(2);
    const started: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      void burst(admission, index * 2, 2, started);
      expect(started).toHaveLength((index + 1) * 2);
      await nextTurn();
    }
    expect(admission.waitingCount()).toBe(0);
  });
});
