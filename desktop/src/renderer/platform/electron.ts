/**
 * The console inside the Electron shell: it talks to the organisation's server chosen at first run,
 * and keeps what matters through the preload bridge (`window.desktop`): the token in the OS keychain
 * (never localStorage), the query cache and the outbox on disk. Preferences stay in localStorage.
 */
import { BRIDGE_KEY, type DesktopBridge } from '../../bridge/contract';
import type { DurableStore, KeyValueStorage, Platform, ServerConnection } from './types';

// The preload script adds the bridge to window at run time (Electron's contextBridge); no type declares it.
const bridge = Reflect.get(window, BRIDGE_KEY) as DesktopBridge | undefined;
if (!bridge) throw new Error('The desktop console needs the preload bridge (window.desktop)');

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

let serverOrigin: string | null = null;
let token: string | null = null;
let user: string | null = null;

/** A write that fails (disk full, keychain locked) must not break the screen that caused it. */
function inBackground(write: Promise<unknown>): void {
  write.catch((error: unknown) => console.warn('The desktop shell could not keep a value', error));
}

const preferences: KeyValueStorage = {
  get: (key) => window.localStorage.getItem(key),
  set: (key, value) => window.localStorage.setItem(key, value),
  remove: (key) => window.localStorage.removeItem(key),
};

// Reads answer from memory (loaded by init), writes go through to the shell.
const storage: KeyValueStorage = {
  get(key) {
    if (key === TOKEN_KEY) return token;
    if (key === USER_KEY) return user;
    return preferences.get(key);
  },
  set(key, value) {
    if (key === TOKEN_KEY) {
      token = value;
      inBackground(bridge.setToken(value));
    } else if (key === USER_KEY) {
      user = value;
      inBackground(bridge.writeStore('session-user', value));
    } else preferences.set(key, value);
  },
  remove(key) {
    if (key === TOKEN_KEY) {
      token = null;
      inBackground(bridge.clearToken());
    } else if (key === USER_KEY) {
      user = null;
      inBackground(bridge.writeStore('session-user', ''));
    } else preferences.remove(key);
  },
};

const durable: DurableStore = {
  read: (name) => bridge.readStore(name),
  write: (name, value) => bridge.writeStore(name, value),
  encrypted: () => bridge.isStoreEncrypted(),
};

const server: ServerConnection = {
  current: () => serverOrigin,
  change: (address) => bridge.setServerUrl(address),
  onOpenSettings: (listener) => bridge.onOpenServerSettings(listener),
};

function publicSiteUrl(path = '/'): string {
  return serverOrigin ? new URL(path, serverOrigin).toString() : '';
}

export const platform: Platform = {
  kind: 'electron',
  async init() {
    [serverOrigin, token, user] = await Promise.all([
      bridge.getServerUrl(),
      bridge.getToken(),
      bridge.readStore('session-user').then((text) => text || null),
    ]);
  },
  get apiBaseUrl() {
    return serverOrigin ?? '';
  },
  routing: 'hash',
  storage,
  durable,
  server,
  updates: {
    onReady: (listener) => bridge.onUpdateReady(listener),
    install: () => bridge.installUpdate(),
  },
  reportUnreadMessages: (unread, arrived) => inBackground(bridge.reportUnreadMessages(unread, arrived)),
  onCommand: (listener) => bridge.onCommand(listener),
  publicSiteUrl,
  openPublicSite(path) {
    const url = publicSiteUrl(path);
    if (url) inBackground(bridge.openExternal(url));
  },
};
