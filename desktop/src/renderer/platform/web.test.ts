/**
 * The web console's durable store (issue 54 item 7): a full browser storage is reported, never taken
 * for "Saved on this computer"; the outbox gets the room the cached lists held; the tabs' writes go
 * one at a time (Web Locks), and a change another tab made is heard.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { skipWhen } from '../../../../api/src/test-support/skips';

/** localStorage with a quota: a value that does not fit throws as browsers do. */
function limitedStorage(quota: number) {
  const values = new Map<string, string>();
  const used = () => [...values].reduce((total, [key, value]) => total + key.length + value.length, 0);
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem(key: string, value: string) {
      const without = used() - (values.has(key) ? key.length + values.get(key)!.length : 0);
      if (without + key.length + value.length > quota)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      values.set(key, value);
    },
    removeItem: (key: string) => void values.delete(key),
  };
}

let listeners: Map<string, ((event: unknown) => void)[]>;

async function webPlatform(quota = 1000) {
  const localStorage = limitedStorage(quota);
  listeners = new Map();
  vi.stubGlobal('window', {
    localStorage,
    location: { origin: 'http://console.test' },
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    removeEventListener: () => undefined,
  });
  vi.resetModules();
  const web = await import('./web');
  return { ...web, localStorage };
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('the web durable store', () => {
  it('rejects a write that does not fit, with a sentence, instead of swallowing it', async () => {
    const { platform, STORAGE_FULL_MESSAGE } = await webPlatform(100);
    await expect(platform.durable.write('session-user', 'x'.repeat(200))).rejects.toThrow(STORAGE_FULL_MESSAGE);
    await expect(platform.durable.write('outbox', 'x'.repeat(200))).rejects.toThrow(STORAGE_FULL_MESSAGE);
    expect(await platform.durable.read('outbox')).toBeNull();
  });

  it('makes room for the outbox by dropping the cached lists (the server has them), once', async () => {
    const { platform, localStorage } = await webPlatform(1000);
    await platform.durable.write('query-cache', 'c'.repeat(700));
    await platform.durable.write('outbox', 'o'.repeat(500));
    expect(await platform.durable.read('outbox')).toBe('o'.repeat(500));
    expect(localStorage.values.has('npo-console:query-cache')).toBe(false);
    // The cache itself is never given room by dropping the outbox.
    await expect(platform.durable.write('query-cache', 'c'.repeat(700))).rejects.toThrow(/full/);
    expect(await platform.durable.read('outbox')).toBe('o'.repeat(500));
  });

  // Node has had Web Locks (navigator.locks) since 24; the Node 22 run has none to test with.
  const withoutWebLocks = typeof navigator === 'undefined' || !('locks' in navigator);
  const webLocksSkip = skipWhen(withoutWebLocks && 'this Node has no Web Locks (navigator.locks)');

  it('runs the outbox writes of its tabs one at a time, with Web Locks', webLocksSkip, async () => {
    const { platform } = await webPlatform();
    expect(platform.durable.exclusive).toBeTypeOf('function');
    const order: string[] = [];
    let release!: () => void;
    const first = platform.durable.exclusive!('outbox', async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first ends');
    });
    const second = platform.durable.exclusive!('outbox', async () => void order.push('second'));
    // The second waits for the lock the first holds (the lock manager says so), and has not run.
    await vi.waitFor(async () => {
      const { held = [], pending = [] } = await navigator.locks.query();
      const outbox = (locks: LockInfo[]) => locks.filter((lock) => lock.name === 'npo-console:outbox').length;
      expect([outbox(held), outbox(pending)]).toEqual([1, 1]);
    });
    expect(order).toEqual(['first starts']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second']);
  });

  it("hears another tab's write of the outbox (the storage event), not of other keys", async () => {
    const { platform } = await webPlatform();
    let heard = 0;
    const stop = platform.durable.watch!('outbox', () => (heard += 1));
    for (const listener of listeners.get('storage') ?? []) {
      listener({ key: 'npo-console:outbox' });
      listener({ key: 'npo-console:query-cache' });
    }
    stop();
    expect(heard).toBe(1);
  });
});
