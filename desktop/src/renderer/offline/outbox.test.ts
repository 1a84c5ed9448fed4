/**
 * Item C of issue 18: "Saved on this computer" only once the platform confirmed the write; a failed
 * write is shown, the change is kept in memory and the write is tried again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Change } from './outbox';
import { deferred, fakeApi, nextTurn, signedInPlatform, STAFF, until, type MemoryPlatform } from './test-support';

const edit: Change = {
  method: 'PUT',
  path: '/admin/testimonials/1',
  body: { name: 'Jana' },
  revision: 1,
  label: 'Edit testimonial “Jana”',
  invalidates: [['testimonials']],
};

async function loadOffline(platform: MemoryPlatform) {
  vi.resetModules();
  vi.doMock('../platform', () => ({ platform }));
  const outbox = await import('./outbox');
  const sync = await import('./sync');
  const connectivity = await import('./connectivity');
  outbox.setOutboxRandom(() => 0);
  // Offline: the change goes to the outbox.
  await connectivity.checkServer();
  expect(connectivity.isOnline()).toBe(false);
  return { outbox, sync };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  const server = fakeApi();
  server.next = () => 'network';
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('C: the outbox is saved before it says so', () => {
  it('answers "queued" only after the platform confirmed the write', async () => {
    const platform = signedInPlatform();
    const { sync } = await loadOffline(platform);
    platform.holdWrites = deferred();
    let outcome: unknown = 'pending';
    void sync.submitChange(edit).then((result) => (outcome = result));
    await until(() => expect(platform.writes).toBe(0));
    // The write has not landed: nothing may claim it is saved yet.
    await nextTurn();
    expect(outcome).toBe('pending');
    platform.holdWrites.resolve();
    platform.holdWrites = null;
    await until(() => expect(outcome).toBe(sync.QUEUED));
    expect(JSON.parse(platform.files.get('outbox') ?? '[]')).toMatchObject([{ path: edit.path, body: edit.body }]);
  });

  it('a failed write is reported, the change stays in memory, and the write is tried again', async () => {
    const platform = signedInPlatform();
    const { sync, outbox } = await loadOffline(platform);
    platform.failWrites = new Error('No space left on device');

    await expect(sync.submitChange(edit)).resolves.toBe(sync.QUEUED_UNSAVED);
    expect(outbox.getSaveProblem()).toBe('No space left on device');
    expect(outbox.entriesOf(STAFF.id)).toMatchObject([{ path: edit.path, state: 'waiting' }]);
    expect(platform.files.has('outbox')).toBe(false);

    platform.failWrites = null;
    // random() = 0: the first new attempt comes after half a second.
    await vi.advanceTimersByTimeAsync(500);
    await until(() => expect(outbox.getSaveProblem()).toBeNull());
    expect(JSON.parse(platform.files.get('outbox') ?? '[]')).toMatchObject([{ path: edit.path }]);
  });

  it('writes one after the other, so a slow older write never lands after a newer one', async () => {
    const platform = signedInPlatform();
    const { outbox } = await loadOffline(platform);
    const slow = deferred();
    platform.holdWrites = slow;
    const first = outbox.enqueue({ ...edit, body: { name: 'First' } }, STAFF.id);
    // The first write is under way (held); the next one starts without a hold.
    await nextTurn();
    platform.holdWrites = null;
    const second = outbox.enqueue({ ...edit, body: { name: 'Second' } }, STAFF.id);
    await nextTurn();
    slow.resolve();
    await Promise.all([first, second]);
    const onDisk = JSON.parse(platform.files.get('outbox') ?? '[]') as Change[];
    expect(onDisk.map((change) => change.body)).toEqual([{ name: 'First' }, { name: 'Second' }]);
  });
});

describe('F: a server change names the changes it would discard', () => {
  it('counts every waiting change, from the store when the console has not loaded the outbox', async () => {
    const platform = signedInPlatform();
    platform.files.set(
      'outbox',
      JSON.stringify([
        { id: 'a', path: '/x', method: 'PUT', userId: 1 },
        { id: 'b', path: '/y', method: 'PUT', userId: 2 },
        { junk: true },
      ]),
    );
    vi.resetModules();
    vi.doMock('../platform', () => ({ platform }));
    const outbox = await import('./outbox');
    await expect(outbox.countAllWaiting()).resolves.toBe(2);
    await outbox.loadOutbox();
    await outbox.enqueue(edit, STAFF.id);
    await expect(outbox.countAllWaiting()).resolves.toBe(3);
  });

  it('says how many changes would be lost', async () => {
    vi.resetModules();
    vi.doMock('../platform', () => ({ platform: signedInPlatform() }));
    const { serverChangeWarning } = await import('./outbox');
    expect(serverChangeWarning(1)).toBe(
      '1 change saved on this computer has not reached the server yet. Connecting to another server discards it for good.',
    );
    expect(serverChangeWarning(3)).toMatch(
      /^3 changes saved on this computer have not reached .* discards them for good\.$/,
    );
  });
});

describe('F: the Waiting changes panel says why each change waits', () => {
  it('names conflicts, refusals, an unreachable server, a busy server and the order', async () => {
    vi.resetModules();
    vi.doMock('../platform', () => ({ platform: signedInPlatform() }));
    const { whyWaiting } = await import('./outbox');
    const entry = {
      ...edit,
      id: 'x',
      userId: STAFF.id,
      server: 'http://api.test',
      queuedAt: '2026-01-01T00:00:00Z',
      state: 'waiting' as const,
    };
    expect(whyWaiting(entry, 0, false)).toBe('The server cannot be reached.');
    expect(whyWaiting(entry, 0, true)).toBe('Being sent.');
    expect(whyWaiting(entry, 2, true)).toMatch(/changes before it/);
    expect(whyWaiting({ ...entry, waitReason: 'The server is busy. Trying again in 4 s.' }, 0, true)).toMatch(/busy/);
    expect(whyWaiting({ ...entry, state: 'conflict' }, 0, true)).toMatch(/Someone else changed/);
    expect(whyWaiting({ ...entry, state: 'rejected', problem: 'Name is required' }, 0, true)).toBe(
      'The server refused it: Name is required.',
    );
  });
});
