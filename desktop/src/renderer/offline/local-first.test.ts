/**
 * Issue 54's defects of the outbox, each as the review found it, against a FAQ server stand-in with
 * the real server's rules (test-support.ts fakeFaqServer): client ids, own reorders and deletions,
 * waiting creations that are edited, moved or deleted before they sync, hung requests, tabs sharing
 * one store, a store locked by the keychain, another server's changes, and what is kept unencrypted.
 * Each test loads fresh modules, so no state leaks.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORE_LOCKED_MESSAGE } from '../../bridge/contract';
import type { Faq } from '@npo/shared';
import type { Change, OutboxEntry } from './outbox';
import { fakeFaqServer, memoryPlatform, signedInPlatform, STAFF, until, type MemoryPlatform } from './test-support';

let server: ReturnType<typeof fakeFaqServer>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  server = fakeFaqServer();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const answer = 'An answer long enough for the form.';
const FAQS_KEY = ['faqs'];

async function load(platform: MemoryPlatform = signedInPlatform()) {
  vi.resetModules();
  vi.doMock('../platform', () => ({ platform }));
  const outbox = await import('./outbox');
  const sync = await import('./sync');
  const connectivity = await import('./connectivity');
  const conflicts = await import('./conflicts');
  const { faqOrderChange } = await import('../features/faqs/useFaqReorder');
  const { onWaitingItem } = await import('./waiting');
  await outbox.loadOutbox();
  outbox.setOutboxRandom(() => 0);
  sync.configureReplay({ random: () => 0, now: () => Date.parse('2026-01-01T00:00:00Z') });
  const queryClient = new QueryClient();
  // The FAQs screen as the staff member last saw it (read past any outage the test arranged).
  const arranged = server.next;
  server.next = null;
  const list = await (await server.fetch('http://api.test/api/admin/faqs')).json();
  server.next = arranged;
  queryClient.setQueryData(FAQS_KEY, list.data);
  sync.startSync(queryClient);
  const waiting = () => outbox.entriesOf(STAFF.id);
  /** The list on screen, with the placeholders of waiting creations. */
  const shown = () => (queryClient.getQueryData(FAQS_KEY) as { faqs: Record<string, unknown>[] }).faqs;
  const offline = async () => {
    server.next = () => 'network';
    await connectivity.checkServer();
    expect(connectivity.isOnline()).toBe(false);
  };
  const online = async () => {
    server.next = null;
    await connectivity.checkServer();
    await until(() => expect(waiting()).toHaveLength(0));
  };
  return {
    outbox,
    sync,
    connectivity,
    conflicts,
    queryClient,
    waiting,
    shown,
    offline,
    online,
    faqOrderChange,
    onWaitingItem,
  };
}

type Loaded = Awaited<ReturnType<typeof load>>;

const createFaq = (question: string): Change => ({
  method: 'POST',
  path: '/admin/faqs',
  body: { question, answer },
  label: `New FAQ “${question}”`,
  invalidates: [FAQS_KEY],
  creates: true,
});

const editFaq = (faq: { id: number; revision?: number }, question: string): Change => ({
  method: 'PUT',
  path: `/admin/faqs/${faq.id}`,
  body: { question, answer },
  ...(faq.revision !== undefined && { revision: faq.revision }),
  label: `Edit FAQ “${question}”`,
  invalidates: [FAQS_KEY],
});

const deleteFaq = (faq: { id: number; revision?: number }): Change => ({
  method: 'DELETE',
  path: `/admin/faqs/${faq.id}`,
  ...(faq.revision !== undefined && { revision: faq.revision }),
  label: 'Delete FAQ',
  invalidates: [FAQS_KEY],
});

const placeholder = (loaded: Loaded, question: string) =>
  loaded.shown().find((faq) => faq.question === question) as { id: number; clientId: string; waitingToSync: true };

const requests = (method: string) => server.received.filter((request) => request.method === method);
const questions = () => [...server.faqs].sort((a, b) => a.order - b.order).map((faq) => faq.question);

describe('item 2: a creation carries a client id, so its replay a day later makes one row', () => {
  it('replays a create whose answer was lost after the server forgot the key: still one FAQ', async () => {
    const loaded = await load();
    server.next = (request) =>
      request.method === 'POST' && requests('POST').length === 1 ? 'drop-after-commit' : null;
    await expect(loaded.sync.submitChange(createFaq('Lost answer?'))).resolves.toBe(loaded.sync.QUEUED);
    expect(server.faqs).toHaveLength(1);
    // A day goes by: the server forgets the Idempotency-Key (24 h); the outbox does not forget the change.
    server.forgetKeys();
    await loaded.online();
    expect(server.faqs).toHaveLength(1);
    const [first, replay] = requests('POST');
    expect(replay?.key).toBe(first?.key);
    expect((replay?.body as { clientId: string }).clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect((replay?.body as { clientId: string }).clientId).toBe((first?.body as { clientId: string }).clientId);
  });

  it('keeps the client id when the staff member tries the same creation again, and gives another creation its own', async () => {
    const loaded = await load();
    server.next = (request) =>
      request.method === 'POST' && requests('POST').length === 1
        ? new Response(JSON.stringify({ success: false, message: 'Busy' }), {
            status: 503,
            headers: { 'Content-Type': 'application/json' },
          })
        : null;
    await expect(loaded.sync.submitChange(createFaq('Twice?'))).rejects.toMatchObject({ status: 503 });
    await loaded.sync.submitChange(createFaq('Twice?'));
    await loaded.sync.submitChange(createFaq('Another?'));
    const ids = requests('POST').map((request) => (request.body as { clientId: string }).clientId);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });
});

describe('item 3: own reorders and deletions do not turn the next edit into a conflict', () => {
  async function threeFaqs() {
    for (const question of ['A?', 'B?', 'C?']) server.addElsewhere(question);
    return load();
  }
  const faqAt = (loaded: Loaded, question: string) =>
    loaded.shown().find((faq) => faq.question === question) as unknown as { id: number; revision: number };

  it('an own offline reorder, then an edit of a moved FAQ: both arrive, no conflict', async () => {
    const loaded = await threeFaqs();
    await loaded.offline();
    const [a, b, c] = loaded.shown() as unknown as [Faq, Faq, Faq];
    await loaded.sync.submitChange(loaded.faqOrderChange([c, a, b]));
    await loaded.sync.submitChange(editFaq(faqAt(loaded, 'A?'), 'A, edited?'));
    await loaded.online();
    expect(questions()).toEqual(['C?', 'A, edited?', 'B?']);
    expect(loaded.waiting().filter((entry) => entry.state === 'conflict')).toEqual([]);
  });

  it('an own offline deletion, then an edit of a FAQ after it (whose place moved up): both arrive', async () => {
    const loaded = await threeFaqs();
    await loaded.offline();
    await loaded.sync.submitChange(deleteFaq(faqAt(loaded, 'A?')));
    await loaded.sync.submitChange(editFaq(faqAt(loaded, 'C?'), 'C, edited?'));
    await loaded.online();
    expect(questions()).toEqual(['B?', 'C, edited?']);
  });

  it("still stops at someone else's edit made meanwhile: a real conflict", async () => {
    const loaded = await threeFaqs();
    await loaded.offline();
    const [a, b, c] = loaded.shown() as unknown as [Faq, Faq, Faq];
    const bBefore = faqAt(loaded, 'B?');
    await loaded.sync.submitChange(loaded.faqOrderChange([c, a, b]));
    await loaded.sync.submitChange(editFaq(bBefore, 'B, mine?'));
    server.editElsewhere(bBefore.id, 'B, theirs?');
    server.next = null;
    await loaded.connectivity.checkServer();
    await until(() => expect(loaded.waiting()).toMatchObject([{ state: 'conflict', label: 'Edit FAQ “B, mine?”' }]));
    expect(questions()).toEqual(['C?', 'A?', 'B, theirs?']);
  });
});

describe('item 4 and local-first: waiting creations in reorders, edits and deletions', () => {
  it('an offline creation then a reorder that moves it: both arrive, in that order', async () => {
    server.addElsewhere('Old one?');
    server.addElsewhere('Old two?');
    const loaded = await load();
    await loaded.offline();
    await loaded.sync.submitChange(createFaq('New first?'));
    const [one, two, made] = loaded.shown() as unknown as [
      Faq,
      Faq,
      Faq & { clientId: string; waitingToSync: boolean },
    ];
    expect(made.waitingToSync).toBe(true);
    await loaded.sync.submitChange(loaded.faqOrderChange([made, one, two]));
    const reorder = loaded.waiting()[1]!;
    expect((reorder.body as { ids: unknown[] }).ids[0]).toBe(made.clientId);
    await loaded.online();
    expect(questions()).toEqual(['New first?', 'Old one?', 'Old two?']);
    expect(loaded.waiting()).toEqual([]);
  });

  it('a reorder refused because the list changed elsewhere is rebuilt from the list now, not sent unchanged', async () => {
    for (const question of ['A?', 'B?', 'C?']) server.addElsewhere(question);
    const loaded = await load();
    await loaded.offline();
    const [a, b, c] = loaded.shown() as unknown as [Faq, Faq, Faq];
    await loaded.sync.submitChange(loaded.faqOrderChange([c, b, a]));
    server.addElsewhere('Added elsewhere?');
    await loaded.online();
    // My order for the three I knew, in the places they held; the new one stays where it is.
    expect(questions()).toEqual(['C?', 'B?', 'A?', 'Added elsewhere?']);
    const reorders = server.received.filter((request) => request.path.endsWith('/reorder'));
    expect(reorders).toHaveLength(2);
    expect(reorders[1]?.key).not.toBe(reorders[0]?.key);
  });

  it('an offline creation edited before it syncs arrives once, edited (the edit folds into it)', async () => {
    const loaded = await load();
    await loaded.offline();
    await loaded.sync.submitChange(createFaq('Draft?'));
    const item = placeholder(loaded, 'Draft?');
    await expect(
      loaded.sync.submitChange(loaded.onWaitingItem(editFaq(item, 'Final?'), item, 'New FAQ “Final?”')),
    ).resolves.toBe(loaded.sync.QUEUED);
    expect(loaded.waiting()).toMatchObject([{ label: 'New FAQ “Final?”', body: { question: 'Final?' } }]);
    expect(placeholder(loaded, 'Final?')).toBeDefined();
    await loaded.online();
    expect(questions()).toEqual(['Final?']);
    expect(requests('POST')).toHaveLength(1);
    expect(requests('PUT')).toEqual([]);
  });

  it('a creation whose answer may be lost, then edited: the edit waits behind it and takes its id and revision', async () => {
    const loaded = await load();
    server.next = (request) => (request.method === 'POST' ? 'drop-after-commit' : null);
    await loaded.sync.submitChange(createFaq('Sent once?'));
    expect(server.faqs).toHaveLength(1);
    const item = placeholder(loaded, 'Sent once?');
    await loaded.sync.submitChange(loaded.onWaitingItem(editFaq(item, 'Sent, then edited?'), item, 'New FAQ'));
    expect(loaded.waiting()).toHaveLength(2);
    expect(loaded.waiting()[1]).toMatchObject({ path: `/admin/faqs/${item.clientId}`, after: item.clientId });
    await loaded.online();
    expect(questions()).toEqual(['Sent, then edited?']);
    expect(requests('PUT')).toMatchObject([{ path: `/api/admin/faqs/${server.faqs[0]!.id}`, ifMatch: '"1"' }]);
  });

  it('an offline creation deleted before it syncs is dropped, with its place in a waiting reorder: nothing is sent', async () => {
    server.addElsewhere('Kept?');
    const loaded = await load();
    await loaded.offline();
    await loaded.sync.submitChange(createFaq('Gone?'));
    const [kept, gone] = loaded.shown() as unknown as [Faq, Faq];
    await loaded.sync.submitChange(loaded.faqOrderChange([gone, kept]));
    const item = placeholder(loaded, 'Gone?');
    await expect(loaded.sync.submitChange(loaded.onWaitingItem(deleteFaq(item), item))).resolves.toBe(
      loaded.sync.DROPPED_WAITING,
    );
    expect(loaded.shown().map((faq) => faq.question)).toEqual(['Kept?']);
    expect(loaded.waiting()).toMatchObject([{ path: '/admin/faqs/reorder', body: { ids: [1] } }]);
    await loaded.online();
    expect(requests('POST')).toEqual([]);
    expect(questions()).toEqual(['Kept?']);
  });
});

describe('item 5: a request that never answers does not wedge the outbox', () => {
  it('times out after 30 s, is sent again with the same key, and the change behind it goes too', async () => {
    const first = server.addElsewhere('First?');
    const second = server.addElsewhere('Second?');
    const loaded = await load();
    let hung = 0;
    server.next = (request) => (request.method === 'PUT' && hung++ === 0 ? 'hang' : null);
    const direct = loaded.sync.submitChange(editFaq(first, 'First, edited?'));
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(direct).resolves.toBe(loaded.sync.QUEUED);
    await loaded.sync.submitChange(editFaq(second, 'Second, edited?'));
    // The health probe finds the server answering, and the outbox goes on.
    await vi.advanceTimersByTimeAsync(3_000);
    await until(() => expect(loaded.waiting()).toHaveLength(0));
    expect(questions()).toEqual(['First, edited?', 'Second, edited?']);
    const puts = requests('PUT');
    expect(puts[1]?.key).toBe(puts[0]?.key);
  });
});

describe('item 7: browser tabs share one outbox, and one tab sends it', () => {
  /** Two tabs of the web console: one storage, one lock, one sender. */
  function twoTabs() {
    const first = signedInPlatform();
    const second = signedInPlatform();
    second.files = first.files;
    let lock: Promise<unknown> = Promise.resolve();
    const exclusive = <T>(_name: string, task: () => Promise<T>): Promise<T> => {
      const run = lock.then(task);
      lock = run.catch(() => undefined);
      return run;
    };
    for (const [tab, sending] of [
      [first, true],
      [second, false],
    ] as const) {
      tab.durable.exclusive = exclusive;
      (tab as { sender?: unknown }).sender = { isSending: () => sending, onSending: () => () => undefined };
    }
    return { first, second };
  }

  it('two tabs offline both keep their change, and only the sending tab sends both', async () => {
    const tabs = twoTabs();
    const a = await load(tabs.first);
    await a.offline();
    const b = await load(tabs.second);
    await b.offline();
    await a.sync.submitChange(createFaq('From tab A?'));
    await b.sync.submitChange(createFaq('From tab B?'));
    const stored = JSON.parse(tabs.first.files.get('outbox') ?? '[]') as OutboxEntry[];
    expect(stored.map((entry) => entry.label)).toEqual(['New FAQ “From tab A?”', 'New FAQ “From tab B?”']);
    // The storage event: tab A reads tab B's change.
    await a.outbox.loadOutbox();
    expect(a.waiting()).toHaveLength(2);

    server.next = null;
    await b.connectivity.checkServer();
    await b.sync.flushOutbox();
    expect(requests('POST')).toEqual([]);
    await a.online();
    expect(questions()).toEqual(['From tab A?', 'From tab B?']);
    expect(JSON.parse(tabs.first.files.get('outbox') ?? '[]')).toEqual([]);
  });
});

describe('item 1: an outbox the keychain cannot open is kept, and read again', () => {
  it('sends nothing and writes nothing over it while locked; once open, its changes go first', async () => {
    const platform = signedInPlatform();
    const stored = [
      {
        id: 'old-1',
        userId: STAFF.id,
        server: 'http://api.test',
        queuedAt: '2026-01-01T00:00:00.000Z',
        state: 'waiting',
        ...createFaq('Made before the restart?'),
      },
    ];
    platform.files.set('outbox', JSON.stringify(stored));
    let locked = true;
    const read = platform.durable.read.bind(platform.durable);
    const write = platform.durable.write.bind(platform.durable);
    platform.durable.read = (name) => (locked ? Promise.reject(new Error(STORE_LOCKED_MESSAGE)) : read(name));
    platform.durable.write = (name, value) =>
      locked ? Promise.reject(new Error(`Error invoking remote method: ${STORE_LOCKED_MESSAGE}`)) : write(name, value);
    const loaded = await load(platform);
    expect(loaded.outbox.isOutboxLocked()).toBe(true);
    // What it holds is on disk: quitting now loses nothing, so nothing asks.
    expect(loaded.outbox.hasUnsavedChanges()).toBe(false);
    // Online, but the change waits behind the locked ones.
    await expect(loaded.sync.submitChange(createFaq('Made while locked?'))).resolves.toBe(loaded.sync.QUEUED_UNSAVED);
    await loaded.sync.flushOutbox();
    expect(requests('POST')).toEqual([]);
    expect(JSON.parse(platform.files.get('outbox')!)).toEqual(stored);
    expect(loaded.outbox.hasUnsavedChanges()).toBe(true);

    locked = false;
    await vi.advanceTimersByTimeAsync(loaded.outbox.LOCKED_RETRY_MS);
    await until(() => expect(loaded.waiting()).toHaveLength(0));
    expect(questions()).toEqual(['Made before the restart?', 'Made while locked?']);
  });
});

describe("item 8: each change names its server, and another server's are never sent", () => {
  it('leaves changes for another server out of the list and of what is sent', async () => {
    const platform = signedInPlatform();
    const other = { id: 'x', userId: STAFF.id, server: 'https://other.example', queuedAt: '', state: 'waiting' };
    platform.files.set('outbox', JSON.stringify([{ ...other, ...createFaq('For the other server?') }]));
    const loaded = await load(platform);
    expect(loaded.waiting()).toEqual([]);
    await loaded.sync.submitChange(createFaq('For this server?'));
    await until(() => expect(server.faqs).toHaveLength(1));
    expect(questions()).toEqual(['For this server?']);
  });

  it('names this server on every change it queues', async () => {
    const loaded = await load();
    await loaded.offline();
    await loaded.sync.submitChange(createFaq('Named?'));
    expect(loaded.waiting()).toMatchObject([{ server: 'http://api.test' }]);
  });
});

describe('item 10: leaving asks first while a change is not on disk', () => {
  it('objects to beforeunload while a write is under way or failed, and not once it landed', async () => {
    const unload: ((event: { preventDefault(): void; returnValue: unknown }) => void)[] = [];
    vi.stubGlobal('window', { addEventListener: (_type: string, listener: never) => unload.push(listener) });
    const platform = signedInPlatform();
    const loaded = await load(platform);
    await loaded.offline();
    const leave = () => {
      let prevented = false;
      unload.forEach((listener) => listener({ preventDefault: () => (prevented = true), returnValue: undefined }));
      return prevented;
    };
    expect(leave()).toBe(false);
    platform.failWrites = new Error('No space left on device');
    await loaded.sync.submitChange(createFaq('Not on disk?'));
    expect(leave()).toBe(true);
    platform.failWrites = null;
    await vi.advanceTimersByTimeAsync(500);
    await until(() => expect(loaded.outbox.getSaveProblem()).toBeNull());
    expect(leave()).toBe(false);
  });
});

describe('item 11: unencrypted, personal data stays off the disk', () => {
  it("keeps a member's photo upload in memory only (a face, and megabytes)", async () => {
    const platform = memoryPlatform({ token: 'token-7', user: JSON.stringify(STAFF) });
    const loaded = await load(platform);
    await loaded.offline();
    const upload: Change = {
      method: 'PUT',
      path: '/admin/members/9/profile/photo',
      body: { image: 'iVBORw0KGgoPHOTOBYTES' },
      revision: 3,
      label: "Upload the member's photo",
      invalidates: [['members']],
    };
    await expect(loaded.sync.submitChange(upload)).resolves.toBe(loaded.sync.QUEUED_IN_MEMORY);
    expect(platform.files.get('outbox') ?? '').not.toContain('PHOTOBYTES');
    expect(loaded.waiting().map((entry) => entry.label)).toEqual(["Upload the member's photo"]);
  });

  it("keeps an account's body in memory only, a member's change without its name, and no conflict copy", async () => {
    const faq = server.addElsewhere('Contested?');
    const platform = memoryPlatform({ token: 'token-7', user: JSON.stringify(STAFF) });
    const loaded = await load(platform);
    await loaded.offline();
    const invite: Change = {
      method: 'POST',
      path: '/admin/users',
      body: { name: 'Ada Lovelace', email: 'ada@example.org', role: 'admin', permissions: {} },
      label: 'New admin user “Ada Lovelace”',
      invalidates: [['users']],
      creates: true,
    };
    await expect(loaded.sync.submitChange(invite)).resolves.toBe(loaded.sync.QUEUED_IN_MEMORY);
    await loaded.sync.submitChange({
      method: 'PATCH',
      path: '/admin/members/9/deactivate',
      revision: 2,
      label: 'Deactivate Grace Hopper',
      invalidates: [['members']],
    });
    await loaded.sync.submitChange(editFaq(faq, 'Contested, mine?'));
    const disk = () => platform.files.get('outbox') ?? '';
    expect(disk()).not.toContain('ada@example.org');
    expect(disk()).not.toContain('Ada Lovelace');
    expect(disk()).not.toContain('Grace Hopper');
    expect(JSON.parse(disk())).toMatchObject([
      { label: 'A change to a member' },
      { label: 'Edit FAQ “Contested, mine?”' },
    ]);
    expect(loaded.waiting().map((entry) => entry.label)).toEqual([
      'New admin user “Ada Lovelace”',
      'Deactivate Grace Hopper',
      'Edit FAQ “Contested, mine?”',
    ]);
    expect(loaded.outbox.hasUnsavedChanges()).toBe(true);

    // The FAQ meets someone else's edit: the conflict copy is kept in memory, not written.
    server.editElsewhere(faq.id, 'Contested, theirs?');
    server.next = (request) =>
      request.path.startsWith('/api/admin/users') || request.path.startsWith('/api/admin/members')
        ? new Response(JSON.stringify({ success: true, data: { id: 5, revision: 1 } }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          })
        : null;
    await loaded.connectivity.checkServer();
    await until(() => expect(loaded.waiting()).toMatchObject([{ state: 'conflict' }]));
    expect(loaded.waiting()[0]?.current).toMatchObject({ question: 'Contested, theirs?' });
    expect(disk()).not.toContain('Contested, theirs?');
  });

  it('asks the server again for the conflict copy a restart did not keep', async () => {
    const faq = server.addElsewhere('Asked again?');
    const platform = signedInPlatform();
    platform.files.set(
      'outbox',
      JSON.stringify([
        {
          id: 'c-1',
          userId: STAFF.id,
          server: 'http://api.test',
          queuedAt: '2026-01-01T00:00:00.000Z',
          state: 'conflict',
          ...editFaq(faq, 'Asked again, mine?'),
          revision: 0,
        },
      ]),
    );
    const loaded = await load(platform);
    const review = loaded.sync.reviewConflict(loaded.waiting()[0]!);
    await until(() => expect(loaded.conflicts.currentConflict()).not.toBeNull());
    expect(loaded.conflicts.currentConflict()?.question.theirs).toMatchObject({ question: 'Asked again?' });
    loaded.conflicts.currentConflict()!.answer('theirs');
    await review;
    expect(loaded.waiting()).toEqual([]);
    expect(questions()).toEqual(['Asked again?']);
  });
});
