/**
 * The contract between the console (renderer) and the Electron shell: the preload exposes exactly
 * these functions as `window.desktop`, one IPC message each, and the main process validates every
 * argument with the schemas below. Both sides import this file; it must stay free of Node and DOM APIs.
 */
import { z } from 'zod';

/** The origin the packaged console is served from (custom privileged protocol, never file://). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'console';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Name under which the preload exposes the bridge on `window`. */
export const BRIDGE_KEY = 'desktop';

/** One channel per message. `invoke` channels answer; the `event:` channels go main → renderer. */
export const CHANNELS = {
  getServerUrl: 'server:get',
  setServerUrl: 'server:set',
  getToken: 'token:get',
  setToken: 'token:set',
  clearToken: 'token:clear',
  readStore: 'store:read',
  writeStore: 'store:write',
  isStoreEncrypted: 'store:encrypted',
  openExternal: 'external:open',
  getAppVersion: 'app:version',
  isOnline: 'net:online',
  installUpdate: 'update:install',
  openServerSettings: 'event:open-server-settings',
  updateReady: 'event:update-ready',
} as const;

/** Durable renderer state the shell keeps on disk for it (the persisted query cache, the outbox). */
export const STORE_NAMES = ['query-cache', 'outbox', 'session-user'] as const;
export type StoreName = (typeof STORE_NAMES)[number];

/** Upper bound of one stored document: a cache bigger than this is a bug, not data to keep. */
export const MAX_STORE_BYTES = 20 * 1024 * 1024;

/** Arguments of each invoke channel, as a tuple schema (extra or missing arguments are refused). */
export const ARGUMENTS = {
  [CHANNELS.getServerUrl]: z.tuple([]),
  [CHANNELS.setServerUrl]: z.tuple([z.string().min(1).max(2048), z.number().int().min(0).max(1_000_000).optional()]),
  [CHANNELS.getToken]: z.tuple([]),
  [CHANNELS.setToken]: z.tuple([z.string().min(1).max(8192)]),
  [CHANNELS.clearToken]: z.tuple([]),
  [CHANNELS.readStore]: z.tuple([z.enum(STORE_NAMES)]),
  [CHANNELS.writeStore]: z.tuple([z.enum(STORE_NAMES), z.string().max(MAX_STORE_BYTES)]),
  [CHANNELS.isStoreEncrypted]: z.tuple([]),
  [CHANNELS.openExternal]: z.tuple([z.string().min(1).max(2048)]),
  [CHANNELS.getAppVersion]: z.tuple([]),
  [CHANNELS.isOnline]: z.tuple([]),
  [CHANNELS.installUpdate]: z.tuple([]),
} as const;

export type InvokeChannel = keyof typeof ARGUMENTS;

/** The answer of setServerUrl: accepted (normalised origin) or refused with a message to show. */
export type SetServerResult = { ok: true; serverUrl: string } | { ok: false; message: string };

/** What `window.desktop` offers the renderer. Every function returns a promise; none throws synchronously. */
export interface DesktopBridge {
  /** The organisation's server origin, e.g. https://nutrition.example.org, or null before the first run's setup. */
  getServerUrl(): Promise<string | null>;
  /**
   * Validates the address (https, or http on loopback), checks GET /api/health, asks the staff member
   * in a native dialog when it replaces another server (naming `waitingChanges`, the changes not yet
   * sent, that would be lost), then keeps it.
   */
  setServerUrl(url: string, waitingChanges?: number): Promise<SetServerResult>;
  getToken(): Promise<string | null>;
  /** Kept with the OS keychain (safeStorage) where available; otherwise in memory until the app quits. */
  setToken(token: string): Promise<void>;
  clearToken(): Promise<void>;
  readStore(name: StoreName): Promise<string | null>;
  /**
   * Resolves once the value is on disk (an empty value removes the store); rejects with a sentence
   * to show when it could not be written.
   */
  writeStore(name: StoreName, value: string): Promise<void>;
  /**
   * Whether the stores are encrypted with the OS keychain (safeStorage). When they are not, the
   * persisted cache must leave personal data out (audit log, contact messages, users, sessions).
   */
  isStoreEncrypted(): Promise<boolean>;
  /** Opens an http(s) address in the system browser; anything else is refused. */
  openExternal(url: string): Promise<void>;
  getAppVersion(): Promise<string>;
  isOnline(): Promise<boolean>;
  /** The "Server address…" menu item; returns the function that stops listening. */
  onOpenServerSettings(listener: () => void): () => void;
  /** An update was downloaded (its version): the console offers "Restart to update". */
  onUpdateReady(listener: (version: string) => void): () => void;
  /** Quits and installs the downloaded update; rejects when none is ready. */
  installUpdate(): Promise<void>;
}

/** The exact list of functions the preload exposes (the bridge contract test compares against it). */
export const BRIDGE_FUNCTIONS: readonly (keyof DesktopBridge)[] = [
  'getServerUrl',
  'setServerUrl',
  'getToken',
  'setToken',
  'clearToken',
  'readStore',
  'writeStore',
  'isStoreEncrypted',
  'openExternal',
  'getAppVersion',
  'isOnline',
  'onOpenServerSettings',
  'onUpdateReady',
  'installUpdate',
];

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The server address rule, shared by the setup screen (for comfort) and the main process (which
 * decides): https, or http only on this computer; no credentials, query or fragment; kept as an origin.
 */
export function parseServerAddress(input: string): { ok: true; origin: string } | { ok: false; message: string } {
  const text = input.trim();
  if (!text) return { ok: false, message: 'Enter the server address, for example https://nutrition.example.org' };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: 'This is not a valid address.' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    return { ok: false, message: 'The address must start with https:// (http:// is allowed only for this computer).' };
  }
  if (url.username || url.password || url.search || url.hash) {
    return { ok: false, message: 'Enter only the server address, without a user name, query or fragment.' };
  }
  return { ok: true, origin: url.origin };
}
