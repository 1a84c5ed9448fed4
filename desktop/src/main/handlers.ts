/**
 * What each bridge function does in the main process, over the shell's stores. The IPC gate has
 * already checked the sender and the argument types by the time these run.
 */
import type { SetServerResult } from '../bridge/contract';
import { UserFacingError, type MainHandlers } from './ipc';
import type { SettingsStore } from './settings';
import { SESSION_STORES, type StateStore } from './state-store';
import type { TokenStore } from './token-store';

export const SAVE_FAILED_MESSAGE = 'The address could not be saved on this computer. Check the disk and try again.';

export interface HandlerDeps {
  settings: SettingsStore;
  tokens: TokenStore;
  state: StateStore;
  checkServer(address: string): Promise<SetServerResult>;
  /** Called after a new origin is saved: the window reloads so the new CSP applies. */
  onServerChanged(origin: string): void;
  /** Validates, then opens in the system browser; false when the address was refused. */
  openInBrowser(url: string): boolean;
  appVersion(): string;
  isOnline(): boolean;
}

export function createMainHandlers(deps: HandlerDeps): MainHandlers {
  const { settings, tokens, state } = deps;
  return {
    getServerUrl: async () => settings.current().serverUrl,
    async setServerUrl(address) {
      const result = await deps.checkServer(address);
      if (!result.ok) return result;
      const previous = settings.current().serverUrl;
      if (previous === result.serverUrl) return result;
      try {
        await settings.update({ serverUrl: result.serverUrl });
        // The session, the cache and the pending writes belong to the previous server: sending that
        // token or replaying that outbox against another organisation's server would leak or corrupt.
        await Promise.all([tokens.clear(), state.clear()]);
      } catch {
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
    isStoreEncrypted: async () => state.encrypted(),
    async openExternal(url) {
      if (!deps.openInBrowser(url)) throw new UserFacingError('Only http and https addresses can be opened.');
    },
    getAppVersion: async () => deps.appVersion(),
    isOnline: async () => deps.isOnline(),
  };
}
