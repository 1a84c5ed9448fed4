/**
 * Everything that differs between the console in a browser and the console inside Electron.
 * The renderer talks to the host only through this interface; the variant is chosen at build time
 * by the `@platform` alias (web.ts for the /admin build, electron.ts for the desktop build).
 */
import type { ConsoleCommand, SetServerResult, StoreName } from '../../bridge/contract';

export type { ConsoleCommand, SetServerResult, StoreName };

export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Larger documents the console keeps between runs: the query cache and the offline outbox. */
export interface DurableStore {
  read(name: StoreName): Promise<string | null>;
  write(name: StoreName, value: string): Promise<void>;
  /** Whether what is written is encrypted at rest (the desktop shell with an OS keychain); absent: no. */
  encrypted?(): Promise<boolean>;
  /**
   * Runs `task` while no other tab of this console runs one for `name`: the web console's tabs share
   * one storage (Web Locks). Absent where one window alone writes (the desktop shell).
   */
  exclusive?: <T>(name: StoreName, task: () => Promise<T>) => Promise<T>;
  /** Calls `listener` when another tab changed the store; returns the function that stops listening. */
  watch?: (name: StoreName, listener: () => void) => () => void;
}

/** Which of the web console's tabs sends the shared outbox: one at a time (the others show it). */
export interface OutboxSender {
  isSending(): boolean;
  /** Called when this tab starts sending (the one that sent before was closed). */
  onSending(listener: () => void): () => void;
}

/** The organisation's server, chosen by the staff member (desktop only: the web console is served by it). */
export interface ServerConnection {
  /** The server origin, or null before the first run's setup. */
  current(): string | null;
  /**
   * Checks and keeps a new address; on success the shell reloads the console. Replacing a server is
   * confirmed by the shell in a native dialog, which names the changes not yet sent (counted by it).
   */
  change(address: string): Promise<SetServerResult>;
  /** The "Server address…" menu item. Returns the function that stops listening. */
  onOpenSettings(listener: () => void): () => void;
}

/** An update downloaded in the background waits for the staff member's "Restart to update". */
export interface AppUpdates {
  /** Called with the version once an update is downloaded. Returns the function that stops listening. */
  onReady(listener: (version: string) => void): () => void;
  /** Quits, installs and starts the new version. */
  install(): Promise<void>;
}

export interface Platform {
  readonly kind: 'web' | 'electron';
  /** Reads what the host keeps (server address, session) before the console first renders. */
  init(): Promise<void>;
  /** Origin of the API; empty means the same origin as the console. Final once init() resolved. */
  readonly apiBaseUrl: string;
  /** Browser history under /admin on the web; the packaged desktop app uses hash routing. */
  readonly routing: 'browser' | 'hash';
  /** Where the session (keys `token` and `user`) and preferences are kept. */
  readonly storage: KeyValueStorage;
  readonly durable: DurableStore;
  /** Null on the web, where the console always talks to the server that served it. */
  readonly server: ServerConnection | null;
  /** Updates of the installed app (desktop only): absent on the web, where the server is the update. */
  readonly updates?: AppUpdates;
  /** Absent: this window always sends its outbox. */
  readonly sender?: OutboxSender;
  /** The installed app's badge and notifications of new contact messages (desktop only). */
  readonly reportUnreadMessages?: (unread: number, arrived: number) => void;
  /** The native menu's commands and a notification's click (desktop only); returns the stop function. */
  onCommand?(listener: (command: ConsoleCommand) => void): () => void;
  /** Absolute address of a page of the public site. */
  publicSiteUrl(path?: string): string;
  /**
   * Opens a page of the public site: in a new tab (or, inside Electron, the system browser), or in
   * place of the console when `sameWindow` is asked for and the host allows it.
   */
  openPublicSite(path?: string, options?: { sameWindow?: boolean }): void;
}
