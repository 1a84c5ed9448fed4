/**
 * The contract between the console (renderer) and the Electron shell: the preload exposes exactly
 * these functions as `window.desktop`, one IPC message each, and the main process validates every
 * argument (main/arguments.ts). Both sides import this file; it must stay free of Node and DOM APIs,
 * and of zod: the sandboxed preload bundles what it imports, and it stays a few kilobytes.
 */

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
  reportUnreadMessages: 'messages:unread',
  openServerSettings: 'event:open-server-settings',
  updateReady: 'event:update-ready',
  command: 'event:command',
} as const;

/** Durable renderer state the shell keeps on disk for it (the persisted query cache, the outbox). */
export const STORE_NAMES = ['query-cache', 'outbox', 'session-user'] as const;
export type StoreName = (typeof STORE_NAMES)[number];

/** Upper bound of one stored document: a cache bigger than this is a bug, not data to keep. */
export const MAX_STORE_BYTES = 20 * 1024 * 1024;

/**
 * What reading the outbox answers (a rejection) while the keychain that encrypted it cannot decrypt
 * it: the file is kept, never deleted, and read again later (issue 54 item 1).
 */
export const STORE_LOCKED_MESSAGE = 'Waiting changes are locked until the keychain is available';

/** The channels the renderer invokes (the `event:` channels go the other way). */
export type InvokeChannel = Exclude<(typeof CHANNELS)[keyof typeof CHANNELS], `event:${string}`>;

/** The screens the Go menu opens, with Ctrl/Cmd+1…9 for the first nine (routes of the console). */
export const GO_TO_SCREENS = [
  { label: 'Dashboard', path: '/' },
  { label: 'Membership', path: '/membership' },
  { label: 'About Us', path: '/about' },
  { label: 'Activities', path: '/activities' },
  { label: 'Connect Us', path: '/connect' },
  { label: 'FAQs', path: '/faqs' },
  { label: 'Testimonials', path: '/testimonials' },
  { label: 'Members', path: '/members' },
  { label: 'Announcements', path: '/announcements' },
  { label: 'Privacy Policy', path: '/privacy-policy' },
  { label: 'Terms of Service', path: '/terms-of-service' },
  { label: 'Admins', path: '/admins' },
  { label: 'Activity log', path: '/activity-log' },
  { label: 'Mail', path: '/mail' },
] as const;

/**
 * What the menu (and a click on a notification) asks the console to do: search the current list,
 * make a new item on the current screen, save the open dialog, show the waiting changes, open the
 * inbox, or go to a screen.
 */
export const CONSOLE_COMMANDS = [
  'find',
  'new-item',
  'save',
  'show-waiting-changes',
  'open-inbox',
  ...GO_TO_SCREENS.map((screen) => `go:${screen.path}` as const),
] as const;
export type ConsoleCommand = (typeof CONSOLE_COMMANDS)[number];

export function isConsoleCommand(value: unknown): value is ConsoleCommand {
  return typeof value === 'string' && (CONSOLE_COMMANDS as readonly string[]).includes(value);
}

/** The answer of setServerUrl: accepted (normalised origin) or refused with a message to show. */
export type SetServerResult = { ok: true; serverUrl: string } | { ok: false; message: string };

/** What `window.desktop` offers the renderer. Every function returns a promise; none throws synchronously. */
export interface DesktopBridge {
  /** The organisation's server origin, e.g. https://nutrition.example.org, or null before the first run's setup. */
  getServerUrl(): Promise<string | null>;
  /**
   * Validates the address (https, or http on loopback), checks GET /api/health, asks the staff member
   * in a native dialog when it replaces another server (naming the changes not yet sent that would
   * be lost, counted in the shell's own copy of the outbox), then keeps it.
   */
  setServerUrl(url: string): Promise<SetServerResult>;
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
  /**
   * The inbox's count of unread contact messages (the dock or launcher badge), and how many arrived
   * since the last report: a desktop notification says so, without a name or text from them.
   */
  reportUnreadMessages(unread: number, arrived: number): Promise<void>;
  /** A menu item or a click on a notification; returns the function that stops listening. */
  onCommand(listener: (command: ConsoleCommand) => void): () => void;
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
  'reportUnreadMessages',
  'onCommand',
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
