/**
 * Small stand-ins for the parts of Electron the main-process modules use. Loading the real
 * `electron` package under Node starts a binary download (and fails offline), so tests pass these
 * instead; each double records what was done to it so tests can assert on it.
 */
import { EventEmitter } from 'node:events';
import type { SafeStorage } from 'electron';
import type { Logger } from '../log';

export interface RecordingLogger extends Logger {
  lines: { level: 'info' | 'warn' | 'error'; message: string }[];
  text(): string;
}

export function recordingLogger(): RecordingLogger {
  const lines: RecordingLogger['lines'] = [];
  return {
    lines,
    info: (message) => lines.push({ level: 'info', message }),
    warn: (message) => lines.push({ level: 'warn', message }),
    error: (message) => lines.push({ level: 'error', message }),
    text: () => lines.map((line) => line.message).join('\n'),
  };
}

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl?: string },
) => void;
type PermissionCheckHandler = (contents: unknown, permission: string, origin: string, details: unknown) => boolean;
type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
) => void;

export class FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: PermissionCheckHandler | null = null;
  headersFilter: { urls: string[] } | null = null;
  headersListener: HeadersListener | null = null;

  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    this.permissionCheckHandler = handler;
  }
  readonly webRequest = {
    onHeadersReceived: (filter: { urls: string[] }, listener: HeadersListener) => {
      this.headersFilter = filter;
      this.headersListener = listener;
    },
  };
}

/** A navigation event as Electron 45 passes it (the URL on the event object). */
export function navigationEvent(url: string): { url: string; defaultPrevented: boolean; preventDefault(): void } {
  return {
    url,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

export class FakeWebContents extends EventEmitter {
  readonly session = new FakeSession();
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null;
  readonly sent: string[] = [];
  readonly loaded: string[] = [];

  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler;
  }
  /** Every message with its values: [channel, ...args]. */
  readonly messages: unknown[][] = [];
  send(channel: string, ...args: unknown[]): void {
    this.sent.push(channel);
    this.messages.push([channel, ...args]);
  }
  /** Emits a navigation-like event and tells whether a listener cancelled it. */
  navigate(eventName: 'will-navigate' | 'will-redirect', url: string): boolean {
    const event = navigationEvent(url);
    this.emit(eventName, event, url);
    return event.defaultPrevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly loaded: string[] = [];
  maximized = false;
  shown = false;
  normalBounds = { x: 10, y: 20, width: 1000, height: 700 };

  constructor(readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> }) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isMinimized(): boolean {
    return false;
  }
  show(): void {
    this.shown = true;
  }
  focus(): void {}
  restore(): void {}
  getNormalBounds() {
    return { ...this.normalBounds };
  }
  async loadURL(url: string): Promise<void> {
    this.loaded.push(url);
  }
}

type InvokeListener = (event: { senderFrame: { url: string } | null }, ...args: unknown[]) => unknown;

export class FakeIpcMain {
  readonly handlers = new Map<string, InvokeListener>();

  handle(channel: string, listener: InvokeListener): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  /** What ipcRenderer.invoke would get: the handler's answer, or its rejection. */
  async invoke(channel: string, senderUrl: string | null, ...args: unknown[]): Promise<unknown> {
    const listener = this.handlers.get(channel);
    if (!listener) throw new Error(`No handler registered for '${channel}'`);
    return listener({ senderFrame: senderUrl === null ? null : { url: senderUrl } }, ...args);
  }
}

export class FakeIpcRenderer extends EventEmitter {
  readonly invocations: { channel: string; args: unknown[] }[] = [];

  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ channel, args });
    return `answer of ${channel}`;
  }
}

/** Encryption that is visibly not plain text, reversible, and tied to this double's key. */
type StorageBackend = ReturnType<SafeStorage['getSelectedStorageBackend']>;

export function fakeSafeStorage(options: { available: boolean; backend?: StorageBackend; key?: string }) {
  const key = options.key ?? 'keychain-1';
  return {
    isEncryptionAvailable: () => options.available,
    getSelectedStorageBackend: (): StorageBackend => options.backend ?? 'gnome_libsecret',
    encryptString(text: string): Buffer {
      if (!options.available) throw new Error('Encryption is not available');
      return Buffer.from(`${key}:${Buffer.from(text).toString('base64')}`.split('').reverse().join(''));
    },
    decryptString(bytes: Buffer): string {
      const [usedKey, body] = bytes.toString().split('').reverse().join('').split(':');
      if (usedKey !== key || body === undefined) throw new Error('Error while decrypting the ciphertext');
      return Buffer.from(body, 'base64').toString();
    },
  };
}
