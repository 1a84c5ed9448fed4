/**
 * Exactly once across a crash (issue 18): the renderer's outbox kept by main's state store through
 * the real IPC gate (a fake ipcMain), against the real API with its Idempotency-Key middleware.
 * Three changes are queued offline and saved; online again, the first is sent and made, and the app
 * "crashes" while writing the outbox without it: the temporary file is written, the rename never
 * happens. After a restart the outbox still holds all three; replaying them makes each exactly once.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../api/src/test-support/test-app';
import { CHANNELS } from '../bridge/contract';
import type { Platform } from '../renderer/platform';

const CONSOLE = 'app://console/index.html#/faqs';

/** Set to make the next rename in main's atomic write hang forever, as a process killed there would. */
const crash = vi.hoisted(() => ({ armed: false, happened: false }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...original,
    rename: (from: string, to: string) => {
      if (crash.armed && to.endsWith(`${path.sep}outbox.json`)) {
        crash.happened = true;
        return new Promise<void>(() => {});
      }
      return original.rename(from, to);
    },
  };
});

let app: TestApp;
let userDataDir: string;
let staff: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  app = await startTestApp('sqlite');
  staff = await app.createUser({ role: 'super_admin', name: 'Dana' });
  userDataDir = mkdtempSync(path.join(tmpdir(), 'npo-restart-'));
});

afterAll(async () => {
  await app.close();
  rmSync(userDataDir, { recursive: true, force: true });
});

/**
 * Waits until `check` passes, up to 10 s of real time: the changes go to a real server over HTTP,
 * which a count of event-loop turns did not bound on a busy machine.
 */
function until(check: () => void | Promise<void>): Promise<void> {
  return vi.waitFor(check, { timeout: 10_000, interval: 10 });
}

/** One run of the app: main's handlers over the state directory, and a renderer talking to them over IPC. */
async function startApp() {
  vi.resetModules();
  const { FakeIpcMain, fakeSafeStorage, recordingLogger } = await import('./test-support/fake-electron');
  const { registerIpcHandlers } = await import('./ipc');
  const { createMainHandlers } = await import('./handlers');
  const { createStateStore } = await import('./state-store');
  const { openSettingsStore } = await import('./settings');
  const { createTokenStore } = await import('./token-store');
  const { isConsoleUrl } = await import('./security');
  const log = recordingLogger();
  const ipc = new FakeIpcMain();
  const handlers = createMainHandlers({
    settings: await openSettingsStore(userDataDir, log),
    tokens: createTokenStore({ userDataDir, cipher: fakeSafeStorage({ available: true }), platform: 'linux', log }),
    state: createStateStore(userDataDir),
    checkServer: async () => ({ ok: false, message: 'not used' }),
    confirmServerChange: async () => false,
    onServerChanged: () => {},
    openInBrowser: async () => 'refused',
    appVersion: () => '1.0.0',
    isOnline: () => true,
    installUpdate: () => false,
    reportUnreadMessages: () => {},
  });
  registerIpcHandlers(ipc, handlers, { isTrustedSender: (url) => isConsoleUrl(url), log });

  const values = new Map([
    ['token', staff.token],
    ['user', JSON.stringify(staff.user)],
  ]);
  const platform: Platform = {
    kind: 'electron',
    init: async () => {},
    apiBaseUrl: app.baseUrl,
    routing: 'hash',
    storage: {
      get: (key) => values.get(key) ?? null,
      set: (key, value) => void values.set(key, value),
      remove: (key) => void values.delete(key),
    },
    // What the preload's bridge does: one invoke per call, through the IPC gate.
    durable: {
      read: (name) => ipc.invoke(CHANNELS.readStore, CONSOLE, name) as Promise<string | null>,
      write: (name, value) => ipc.invoke(CHANNELS.writeStore, CONSOLE, name, value) as Promise<void>,
    },
    server: null,
    publicSiteUrl: () => app.baseUrl,
    openPublicSite: () => {},
  };
  vi.doMock('../renderer/platform', () => ({ platform }));
  const outbox = await import('../renderer/offline/outbox');
  const sync = await import('../renderer/offline/sync');
  const connectivity = await import('../renderer/offline/connectivity');
  await outbox.loadOutbox();
  return { outbox, sync, connectivity, waiting: () => outbox.entriesOf(staff.user.id) };
}

const question = (n: number) => `Restart test question ${n}?`;

async function faqCount(text: string): Promise<number> {
  const list = await app.request('GET', '/api/admin/faqs?limit=100', { token: staff.token });
  return (list.body.data.faqs as { question: string }[]).filter((faq) => faq.question === text).length;
}

describe('the outbox across a crash between write and rename', () => {
  it('keeps every queued change, and each reaches the server exactly once', async () => {
    const realFetch = globalThis.fetch;
    const first = await startApp();
    // Offline: every request fails without an answer.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    for (const n of [1, 2, 3]) {
      const outcome = await first.sync.submitChange({
        method: 'POST',
        path: '/admin/faqs',
        body: { question: question(n), answer: 'An answer long enough for the schema.' },
        label: `New FAQ ${n}`,
        invalidates: [['faqs']],
      });
      expect(outcome).toBe(first.sync.QUEUED);
    }
    expect(first.waiting()).toHaveLength(3);

    // Online: the first change is made, then the app dies while writing the outbox without it.
    vi.stubGlobal('fetch', realFetch);
    crash.armed = true;
    first.sync.startSync(new QueryClient());
    await first.connectivity.checkServer();
    await until(() => expect(crash.happened).toBe(true));
    await until(async () => expect(await faqCount(question(1))).toBe(1));
    const stateDir = path.join(userDataDir, 'state');
    expect(readdirSync(stateDir).some((name) => name.startsWith('outbox.json.') && name.endsWith('.tmp'))).toBe(true);

    // Restart: the outbox on disk is the last complete one, with the change already made still in it.
    crash.armed = false;
    const second = await startApp();
    expect(second.waiting().map((entry) => entry.label)).toEqual(['New FAQ 1', 'New FAQ 2', 'New FAQ 3']);
    second.sync.startSync(new QueryClient());
    await second.connectivity.checkServer();
    await until(() => expect(second.waiting()).toHaveLength(0));

    for (const n of [1, 2, 3]) expect(await faqCount(question(n))).toBe(1);
  });
});
