/**
 * What each bridge function does in the main process, over the shell's stores. The IPC gate has
 * already checked the sender and the argument types by the time these run.
 */
import { STORE_LOCKED_MESSAGE, type SetServerResult } from '../bridge/contract';
import type { ServerChange } from './dialogs';
import { UserFacingError, type MainHandlers } from './ipc';
import type { ExternalOpenOutcome } from './security';
import type { SettingsStore } from './settings';
import { SESSION_STORES, type StateStore } from './state-store';
import type { TokenStore } from './token-store';

export const SAVE_FAILED_MESSAGE = 'The address could not be saved on this computer. Check the disk and try again.';
export const SERVER_CHANGE_CANCELLED = 'The server was not changed.';

export interface HandlerDeps {
  settings: SettingsStore;
  tokens: TokenStore;
  state: StateStore;
  checkServer(address: string): Promise<SetServerResult>;
  /** The native confirmation before another server replaces the configured one: true to go ahead. */
  confirmServerChange(change: ServerChange): Promise<boolean>;
  /** Called after a new origin is saved: the window reloads so the new CSP applies. */
  onServerChanged(origin: string): void;
  /** Validates, asks first for a host other than the server's, then opens in the system browser. */
  openInBrowser(url: string): Promise<ExternalOpenOutcome>;
  appVersion(): string;
  isOnline(): boolean;
  /** Quits and installs the downloaded update; false when none is ready. */
  installUpdate(): boolean;
  /** The badge count, and a notification for messages that arrived (notifications.ts). */
  reportUnreadMessages(unread: number, arrived: number): void;
}

/**
 * The changes of the outbox on disk waiting for `server`: what a server change throws away, counted
 * here, not taken from the page asking. Entries name their server (issue 54 item 8); older ones,
 * without that name, belong to the only server there was. 'locked': the keychain cannot open it now.
 */
export async function waitingChangesFor(state: StateStore, server: string): Promise<number | 'locked'> {
  let text: string | null;
  try {
    text = await state.read('outbox');
  } catch (error) {
    if (error instanceof UserFacingError && error.message === STORE_LOCKED_MESSAGE) return 'locked';
    throw error;
  }
  let entries: unknown;
  try {
    entries = JSON.parse(text ?? '[]');
  } catch {
    return 0;
  }
  if (!Array.isArray(entries)) return 0;
  return entries.filter((entry: { server?: unknown } | null) => {
    const named = entry?.server;
    return named === undefined || named === server;
  }).length;
}

export function createMainHandlers(deps: HandlerDeps): MainHandlers {
  const { settings, tokens, state } = deps;
  return {
    getServerUrl: () => Promise.resolve(settings.current().serverUrl),
    async setServerUrl(address) {
      const result = await deps.checkServer(address);
      if (!result.ok) return result;
      const previous = settings.current().serverUrl;
      if (previous === result.serverUrl) return result;
      // The first setup replaces nothing; any later change is confirmed outside the renderer's reach.
      if (previous !== null) {
        const waitingChanges = await waitingChangesFor(state, previous).catch(() => 0);
        const confirmed = await deps.confirmServerChange({ from: previous, to: result.serverUrl, waitingChanges });
        if (!confirmed) return { ok: false, message: SERVER_CHANGE_CANCELLED };
      }
      // The old page keeps running until the reload: what it writes now belongs to the old server.
      // Sealed until the new page is there (index.ts unseals on its navigation). The first setup's
      // page has nothing of another server to write.
      if (previous !== null) state.seal();
      try {
        await settings.update({ serverUrl: result.serverUrl });
        // The session, the cache and the pending writes belong to the previous server: sending that
        // token or replaying that outbox against another organisation's server would leak or corrupt.
        await Promise.all([tokens.clear(), state.clear()]);
      } catch {
        state.unseal();
        return { ok: false, message: SAVE_FAILED_MESSAGE };
      }
      deps.onServerChanged(result.serverUrl);
      return result;
    },
    getToken: () => tokens.get(),
    setToken: (token) => tokens.set(token),
    async clearToken() {
      // The session ended: what its user read leaves the disk with it (the outbox waits for the next sign-in).
      await Promise.all([tokens.clear(), state.forget(SESSION_STORES)]);
    },
    readStore: (name) => state.read(name),
    writeStore: (name, value) => state.write(name, value),
    isStoreEncrypted: () => Promise.resolve(state.encrypted()),
    async openExternal(url) {
      // Declined in the dialog is the staff member's answer, not an error.
      if ((await deps.openInBrowser(url)) === 'refused') {
        throw new UserFacingError('Only http and https addresses can be opened.');
      }
    },
    getAppVersion: () => Promise.resolve(deps.appVersion()),
    isOnline: () => Promise.resolve(deps.isOnline()),
    installUpdate() {
      return deps.installUpdate()
        ? Promise.resolve()
        : Promise.reject(new UserFacingError('No update is ready to install.'));
    },
    reportUnreadMessages(unread, arrived) {
      deps.reportUnreadMessages(unread, arrived);
      return Promise.resolve();
    },
  };
}
