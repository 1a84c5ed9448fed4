import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHANNELS, type InvokeChannel, type SetServerResult } from '../bridge/contract';
import { ARGUMENTS } from './arguments';
import type { ServerChange } from './dialogs';
import { createMainHandlers, SAVE_FAILED_MESSAGE, SERVER_CHANGE_CANCELLED, type HandlerDeps } from './handlers';
import { INVOKE_NAMES, registerIpcHandlers, UserFacingError, type MainHandlers } from './ipc';
import { isConsoleUrl } from './security';
import { openSettingsStore } from './settings';
import { createStateStore, STATE_DIR_NAME } from './state-store';
import { FakeIpcMain, fakeSafeStorage, recordingLogger, type RecordingLogger } from './test-support/fake-electron';
import { createTokenStore } from './token-store';

const CONSOLE = 'app://console/index.html#/faqs';
const DEV = 'http://localhost:5173';
const SECRET_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.very-secret.sig';

/** Arguments each channel accepts. */
const VALID: Record<InvokeChannel, unknown[]> = {
  [CHANNELS.getServerUrl]: [],
  [CHANNELS.setServerUrl]: ['https://nutrition.example.org'],
  [CHANNELS.getToken]: [],
  [CHANNELS.setToken]: [SECRET_TOKEN],
  [CHANNELS.clearToken]: [],
  [CHANNELS.readStore]: ['outbox'],
  [CHANNELS.writeStore]: ['outbox', '[]'],
  [CHANNELS.isStoreEncrypted]: [],
  [CHANNELS.openExternal]: ['https://nutrition.example.org/about'],
  [CHANNELS.getAppVersion]: [],
  [CHANNELS.isOnline]: [],
  [CHANNELS.installUpdate]: [],
  [CHANNELS.reportUnreadMessages]: [3, 1],
};

/** Arguments each channel must refuse: wrong types, objects with extra fields, missing or out-of-range values. */
const INVALID: Record<InvokeChannel, unknown[][]> = {
  [CHANNELS.getServerUrl]: [[1], [null], [{}]],
  [CHANNELS.setServerUrl]: [
    [],
    [42],
    [null],
    [''],
    [{ url: 'https://a.example', extra: true }],
    ['x'.repeat(2049)],
    // The count of waiting changes is the shell's own now: a page cannot pass one.
    ['https://a.example', 3],
  ],
  [CHANNELS.getToken]: [['token']],
  [CHANNELS.setToken]: [[], [123], [''], [{ token: 'x' }], ['x'.repeat(8193)], [['x']]],
  [CHANNELS.clearToken]: [[true]],
  [CHANNELS.readStore]: [[], ['settings'], ['../settings'], ['session.token'], [0], [{ name: 'outbox' }]],
  [CHANNELS.writeStore]: [['outbox'], ['outbox', 5], ['outbox', null], ['elsewhere', 'x'], [{ name: 'outbox' }, 'x']],
  [CHANNELS.isStoreEncrypted]: [[true]],
  [CHANNELS.openExternal]: [[], [''], [{ href: 'https://a.example' }], [42]],
  [CHANNELS.getAppVersion]: [['1.0.0']],
  [CHANNELS.isOnline]: [[false]],
  [CHANNELS.installUpdate]: [[true]],
  [CHANNELS.reportUnreadMessages]: [[], [1], [-1, 0], [1.5, 0], ['3', '1'], [3, 1, 'Ada wrote'], [{ unread: 3 }, 0]],
};

const FOREIGN_SENDERS = [
  'app://evil/index.html',
  'app://console.evil/',
  'https://evil.example/',
  'file:///home/user/page.html',
  `${DEV}/`,
  'about:blank',
  '',
  null,
];

interface Harness {
  unread: [number, number][];
  ipc: FakeIpcMain;
  log: RecordingLogger;
  deps: HandlerDeps;
  calls: string[];
  opened: string[];
  serverChanges: string[];
  registered: InvokeChannel[];
  confirmations: ServerChange[];
}

let userDataDir: string;
beforeEach(() => {
  userDataDir = mkdtempSync(path.join(tmpdir(), 'npo-ipc-'));
});
afterEach(() => rmSync(userDataDir, { recursive: true, force: true }));

async function harness(
  options: {
    devServerOrigin?: string | null;
    handlers?: Partial<MainHandlers>;
    confirmServerChange?: boolean;
    updateReady?: boolean;
  } = {},
) {
  const log = recordingLogger();
  const calls: string[] = [];
  const opened: string[] = [];
  const serverChanges: string[] = [];
  const confirmations: ServerChange[] = [];
  const unread: [number, number][] = [];
  const settings = await openSettingsStore(userDataDir, log);
  const deps: HandlerDeps = {
    settings,
    tokens: createTokenStore({
      userDataDir,
      cipher: fakeSafeStorage({ available: true }),
      platform: 'linux',
      log,
    }),
    state: createStateStore(userDataDir, { cipher: fakeSafeStorage({ available: true }), platform: 'linux', log }),
    checkServer: async (address): Promise<SetServerResult> => {
      calls.push(`checkServer ${address}`);
      return address.includes('refused')
        ? { ok: false, message: 'No Global Nutrition Network server answered at this address.' }
        : { ok: true, serverUrl: new URL(address).origin };
    },
    confirmServerChange: async (change) => {
      confirmations.push(change);
      return options.confirmServerChange ?? true;
    },
    onServerChanged: (origin) => void serverChanges.push(origin),
    openInBrowser: async (url) => {
      const safe = url.startsWith('https://') || url.startsWith('http://');
      if (safe) opened.push(url);
      return safe ? 'opened' : 'refused';
    },
    appVersion: () => '1.2.3',
    isOnline: () => true,
    installUpdate: () => {
      calls.push('quitAndInstall');
      return options.updateReady ?? true;
    },
    reportUnreadMessages: (count, arrived) => void unread.push([count, arrived]),
  };
  const handlers = { ...createMainHandlers(deps), ...options.handlers };
  // Every handler records that it ran, so refusals can prove it never did.
  const spied = Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      (...args: unknown[]) => {
        calls.push(name);
        return (handler as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as MainHandlers;
  const ipc = new FakeIpcMain();
  const devServerOrigin = options.devServerOrigin ?? null;
  const registered = registerIpcHandlers(ipc, spied, {
    isTrustedSender: (url) => isConsoleUrl(url, devServerOrigin),
    log,
  });
  return { ipc, log, deps, calls, opened, serverChanges, registered, confirmations, unread } satisfies Harness;
}

const invokeChannels = Object.keys(ARGUMENTS) as InvokeChannel[];

describe('registration', () => {
  it('registers exactly one handler per invoke channel of the contract', async () => {
    const { ipc, registered } = await harness();
    expect([...ipc.handlers.keys()].sort()).toEqual([...invokeChannels].sort());
    expect(registered.sort()).toEqual([...invokeChannels].sort());
    expect(ipc.handlers.has(CHANNELS.openServerSettings)).toBe(false);
    expect(INVOKE_NAMES).not.toContain('onOpenServerSettings');
    expect(INVOKE_NAMES).not.toContain('onUpdateReady');
    expect(INVOKE_NAMES).not.toContain('onCommand');
    expect(ipc.handlers.has(CHANNELS.command)).toBe(false);
    expect(ipc.handlers.has(CHANNELS.updateReady)).toBe(false);
  });
});

describe.each(invokeChannels)('%s', (channel) => {
  it('answers a console frame with valid arguments', async () => {
    const name = INVOKE_NAMES.find((candidate) => CHANNELS[candidate] === channel)!;
    const { ipc, calls, log } = await harness();
    // Running the handler and resolving is the point; the answers are checked further down.
    await expect(ipc.invoke(channel, CONSOLE, ...VALID[channel])).resolves.not.toBeInstanceOf(Error);
    expect(calls.filter((call) => call === name)).toEqual([name]);
    expect(log.text()).not.toContain(`refused ${channel}`);
    expect(log.text()).not.toContain(`${channel} failed`);
  });

  it.each(FOREIGN_SENDERS)('refuses the sender %s without running the handler', async (sender) => {
    const { ipc, calls, log } = await harness();
    await expect(ipc.invoke(channel, sender, ...VALID[channel])).rejects.toThrow(
      `${channel} is only available to the console.`,
    );
    expect(calls).toEqual([]);
    expect(log.text()).toContain(`refused ${channel}`);
  });

  it('refuses an extra argument', async () => {
    const { ipc, calls } = await harness();
    await expect(ipc.invoke(channel, CONSOLE, ...VALID[channel], 'extra')).rejects.toThrow(
      `Invalid arguments for ${channel}.`,
    );
    expect(calls).toEqual([]);
  });

  it('refuses wrong types, extra fields and missing arguments', async () => {
    const { ipc, calls, log } = await harness();
    for (const args of INVALID[channel]) {
      await expect(ipc.invoke(channel, CONSOLE, ...args), JSON.stringify(args)).rejects.toThrow(
        `Invalid arguments for ${channel}.`,
      );
    }
    expect(calls).toEqual([]);
    // The log says which argument was wrong, never its value.
    expect(log.text()).not.toContain('x'.repeat(100));
    expect(log.text()).not.toContain('https://a.example');
  });

  it('turns a failing handler into a rejected invoke and a log line without values', async () => {
    const name = INVOKE_NAMES.find((candidate) => CHANNELS[candidate] === channel)!;
    const failing = {
      [name]: () => Promise.reject(new Error(`disk full while handling ${SECRET_TOKEN}`)),
    } as Partial<MainHandlers>;
    const { ipc, log } = await harness({ handlers: failing });
    await expect(ipc.invoke(channel, CONSOLE, ...VALID[channel])).rejects.toThrow(`${channel} failed.`);
    expect(log.text()).toContain(`${channel} failed (Error)`);
    expect(log.text()).not.toContain(SECRET_TOKEN);
  });
});

describe('the dev server', () => {
  it('is a trusted sender only in development', async () => {
    const development = await harness({ devServerOrigin: DEV });
    await expect(development.ipc.invoke(CHANNELS.getAppVersion, `${DEV}/#/faqs`)).resolves.toBe('1.2.3');
    const production = await harness({ devServerOrigin: null });
    await expect(production.ipc.invoke(CHANNELS.getAppVersion, `${DEV}/#/faqs`)).rejects.toThrow();
  });
});

describe('the handlers behind the gate', () => {
  it('keeps a checked server address, reports it, and reloads once per change', async () => {
    const { ipc, serverChanges } = await harness();
    expect(await ipc.invoke(CHANNELS.getServerUrl, CONSOLE)).toBeNull();
    expect(await ipc.invoke(CHANNELS.setServerUrl, CONSOLE, 'https://nutrition.example.org/')).toEqual({
      ok: true,
      serverUrl: 'https://nutrition.example.org',
    });
    expect(await ipc.invoke(CHANNELS.getServerUrl, CONSOLE)).toBe('https://nutrition.example.org');
    await ipc.invoke(CHANNELS.setServerUrl, CONSOLE, 'https://nutrition.example.org');
    expect(serverChanges).toEqual(['https://nutrition.example.org']);
  });

  it('asks in a native dialog before replacing a server (not at the first setup), naming the waiting changes it counted itself', async () => {
    const { ipc, confirmations, serverChanges } = await harness();
    await ipc.invoke(CHANNELS.setServerUrl, CONSOLE, 'https://a.example');
    expect(confirmations).toEqual([]);
    // Entries name their server; older ones without a name count for the only server there was.
    const outbox = [
      { server: 'https://a.example' },
      { server: 'https://a.example' },
      {},
      { server: 'https://x.example' },
    ];
    await ipc.invoke(CHANNELS.writeStore, CONSOLE, 'outbox', JSON.stringify(outbox));
    await ipc.invoke(CHANNELS.setServerUrl, CONSOLE, 'https://b.example');
    expect(confirmations).toEqual([{ from: 'https://a.example', to: 'https://b.example', waitingChanges: 3 }]);
    expect(serverChanges).toEqual(['https://a.example', 'https://b.example']);
  });

  it("refuses the old page's writes from the server change until the new page is there (unseal)", async () => {
    const { ipc, deps } = await harness();
    await ipc.invoke(CHANNELS.setServerUrl, CONSOLE, 'https://a.example');
    await ipc.invoke(CHANNELS.writeStore, CONSOLE, 'outbox', '[{"server":"https://a.example"}]');
    await ipc.invoke(CHANNELS.setServerUrl, CONSOLE, 'https://b.example');
    // The old page, still running for a moment, writes its outbox and cache back.
    await expect(
      ipc.invoke(CHANNELS.writeStore, CONSOLE, 'outbox', '[{"server":"https://a.example"}]'),
    ).rejects.toThrow('The console is switching servers.');
    await expect(ipc.invoke(CHANNELS.writeStore, CONSOLE, 'query-cache', '{}')).rejects.toThrow();
    expect(await ipc.invoke(CHANNELS.readStore, CONSOLE, 'outbox')).toBeNull();
    deps.state.unseal();
    await ipc.invoke(CHANNELS.writeStore, CONSOLE, 'outbox', '[]');
    expect(await ipc.invoke(CHANNELS.readStore, CONSOLE, 'outbox')).toBe('[]');
  });

  it('names locked waiting changes in the dialog when the keychain cannot open the outbox', async () => {
    const { ipc, deps, confirmations } = await harness();
    await ipc.invoke(CHANNELS.setServerUrl, CONSOLE, 'https://a.example');
    await ipc.invoke(CHANNELS.writeStore, CONSOLE, 'outbox', '[{"server":"https://a.example"}]');
    deps.state = createStateStore(userDataDir, { cipher: fakeSafeStorage({ available: false }), platform: 'linux' });
    const { ipc: locked } = await harness({ handlers: createMainHandlers(deps) });
    await locked.invoke(CHANNELS.setServerUrl, CONSOLE, 'https://b.example');
    expect(confirmations.at(-1)?.waitingChanges).toBe('locked');
  });

  it('keeps the server, the session and the waiting changes when the change is declined', async () => {
    const { ipc, serverChanges, confirmations } = await harness({ confirmServerChange: false });
    await ipc.invoke(CHANNELS.setServerUrl, CONSOLE, 'https://a.example');
    await ipc.invoke(CHANNELS.setToken, CONSOLE, SECRET_TOKEN);
    await ipc.invoke(CHANNELS.writeStore, CONSOLE, 'outbox', '[{"pending":true}]');
    expect(await ipc.invoke(CHANNELS.setServerUrl, CONSOLE, 'https://b.example')).toEqual({
      ok: false,
      message: SERVER_CHANGE_CANCELLED,
    });
    expect(confirmations).toHaveLength(1);
    expect(await ipc.invoke(CHANNELS.getServerUrl, CONSOLE)).toBe('https://a.example');
    expect(await ipc.invoke(CHANNELS.getToken, CONSOLE)).toBe(SECRET_TOKEN);
    expect(await ipc.invoke(CHANNELS.readStore, CONSOLE, 'outbox')).toBe('[{"pending":true}]');
    expect(serverChanges).toEqual(['https://a.example']);
  });

  it('keeps nothing when the check refuses, and passes the refusal on', async () => {
    const { ipc, serverChanges } = await harness();
    expect(await ipc.invoke(CHANNELS.setServerUrl, CONSOLE, 'https://refused.example')).toEqual({
      ok: false,
      message: 'No Global Nutrition Network server answered at this address.',
    });
    expect(await ipc.invoke(CHANNELS.getServerUrl, CONSOLE)).toBeNull();
    expect(serverChanges).toEqual([]);
  });

  it("forgets the previous server's session, cache and outbox when the server changes", async () => {
    const { ipc } = await harness();
    await ipc.invoke(CHANNELS.setServerUrl, CONSOLE, 'https://a.example');
    await ipc.invoke(CHANNELS.setToken, CONSOLE, SECRET_TOKEN);
    await ipc.invoke(CHANNELS.writeStore, CONSOLE, 'outbox', '[{"pending":true}]');
    await ipc.invoke(CHANNELS.setServerUrl, CONSOLE, 'https://b.example');
    expect(await ipc.invoke(CHANNELS.getToken, CONSOLE)).toBeNull();
    expect(await ipc.invoke(CHANNELS.readStore, CONSOLE, 'outbox')).toBeNull();
  });

  it('answers a refusal (not a crash) when the address cannot be saved', async () => {
    const { ipc, deps, serverChanges } = await harness();
    deps.settings.update = () => Promise.reject(new Error('EACCES'));
    expect(await ipc.invoke(CHANNELS.setServerUrl, CONSOLE, 'https://a.example')).toEqual({
      ok: false,
      message: SAVE_FAILED_MESSAGE,
    });
    expect(serverChanges).toEqual([]);
  });

  it('stores, reads and clears the token', async () => {
    const { ipc } = await harness();
    expect(await ipc.invoke(CHANNELS.getToken, CONSOLE)).toBeNull();
    await ipc.invoke(CHANNELS.setToken, CONSOLE, SECRET_TOKEN);
    expect(await ipc.invoke(CHANNELS.getToken, CONSOLE)).toBe(SECRET_TOKEN);
    await ipc.invoke(CHANNELS.clearToken, CONSOLE);
    expect(await ipc.invoke(CHANNELS.getToken, CONSOLE)).toBeNull();
  });

  it('writes and reads the renderer stores', async () => {
    const { ipc } = await harness();
    expect(await ipc.invoke(CHANNELS.readStore, CONSOLE, 'query-cache')).toBeNull();
    await ipc.invoke(CHANNELS.writeStore, CONSOLE, 'query-cache', '{"clientState":{}}');
    expect(await ipc.invoke(CHANNELS.readStore, CONSOLE, 'query-cache')).toBe('{"clientState":{}}');
  });

  it('rejects a store write the disk refused with a sentence the console can show', async () => {
    const { ipc } = await harness();
    writeFileSync(path.join(userDataDir, STATE_DIR_NAME), 'not a folder');
    await expect(ipc.invoke(CHANNELS.writeStore, CONSOLE, 'outbox', '[{"id":"a"}]')).rejects.toThrow(
      'The change could not be saved on this computer. Check the disk, then try again.',
    );
  });

  it('says whether the stores are encrypted', async () => {
    const { ipc } = await harness();
    expect(await ipc.invoke(CHANNELS.isStoreEncrypted, CONSOLE)).toBe(true);
  });

  it('forgets the cache and the user (not the waiting changes) when the session ends', async () => {
    const { ipc } = await harness();
    await ipc.invoke(CHANNELS.setToken, CONSOLE, SECRET_TOKEN);
    for (const name of ['query-cache', 'session-user', 'outbox']) {
      await ipc.invoke(CHANNELS.writeStore, CONSOLE, name, `{"${name}":1}`);
    }
    await ipc.invoke(CHANNELS.clearToken, CONSOLE);
    expect(await ipc.invoke(CHANNELS.readStore, CONSOLE, 'query-cache')).toBeNull();
    expect(await ipc.invoke(CHANNELS.readStore, CONSOLE, 'session-user')).toBeNull();
    expect(await ipc.invoke(CHANNELS.readStore, CONSOLE, 'outbox')).toBe('{"outbox":1}');
    expect(readdirSync(path.join(userDataDir, STATE_DIR_NAME))).toEqual(['outbox.json']);
  });

  it('opens http(s) addresses and rejects the rest with a sentence', async () => {
    const { ipc, opened } = await harness();
    await ipc.invoke(CHANNELS.openExternal, CONSOLE, 'https://nutrition.example.org/about');
    await expect(ipc.invoke(CHANNELS.openExternal, CONSOLE, 'file:///etc/passwd')).rejects.toThrow(
      'Only http and https addresses can be opened.',
    );
    expect(opened).toEqual(['https://nutrition.example.org/about']);
  });

  it('answers the version and the connectivity', async () => {
    const { ipc } = await harness();
    expect(await ipc.invoke(CHANNELS.getAppVersion, CONSOLE)).toBe('1.2.3');
    expect(await ipc.invoke(CHANNELS.isOnline, CONSOLE)).toBe(true);
  });

  it('installs a downloaded update when the console asks, and says when none is ready', async () => {
    const ready = await harness({ updateReady: true });
    await expect(ready.ipc.invoke(CHANNELS.installUpdate, CONSOLE)).resolves.toBeUndefined();
    expect(ready.calls).toContain('quitAndInstall');
    const none = await harness({ updateReady: false });
    await expect(none.ipc.invoke(CHANNELS.installUpdate, CONSOLE)).rejects.toThrow('No update is ready to install.');
  });

  it('passes the unread count and the arrivals on to the badge and the notification', async () => {
    const { ipc, unread } = await harness();
    await ipc.invoke(CHANNELS.reportUnreadMessages, CONSOLE, 4, 1);
    expect(unread).toEqual([[4, 1]]);
  });

  it('passes UserFacingError messages through and hides the others', async () => {
    const { ipc } = await harness({
      handlers: { getAppVersion: () => Promise.reject(new UserFacingError('Shown as is.')) },
    });
    await expect(ipc.invoke(CHANNELS.getAppVersion, CONSOLE)).rejects.toThrow('Shown as is.');
  });
});
