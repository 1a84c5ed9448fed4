/**
 * The bridge object the preload exposes as window.desktop: one function per contract message, each
 * a plain ipcRenderer.invoke. The renderer never receives ipcRenderer, an IPC event or any other
 * Electron object, only these functions and the values they resolve to.
 */
import { CHANNELS, isConsoleCommand, type DesktopBridge } from '../bridge/contract';

/** Electron's ipcRenderer, as far as the bridge uses it. */
export interface BridgeIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function createBridge(ipc: BridgeIpc): DesktopBridge {
  const invoke =
    <Result>(channel: string) =>
    (...args: unknown[]): Promise<Result> =>
      ipc.invoke(channel, ...args) as Promise<Result>;

  return {
    getServerUrl: invoke(CHANNELS.getServerUrl),
    setServerUrl: invoke(CHANNELS.setServerUrl),
    getToken: invoke(CHANNELS.getToken),
    setToken: invoke(CHANNELS.setToken),
    clearToken: invoke(CHANNELS.clearToken),
    readStore: invoke(CHANNELS.readStore),
    writeStore: invoke(CHANNELS.writeStore),
    isStoreEncrypted: invoke(CHANNELS.isStoreEncrypted),
    openExternal: invoke(CHANNELS.openExternal),
    getAppVersion: invoke(CHANNELS.getAppVersion),
    isOnline: invoke(CHANNELS.isOnline),
    installUpdate: invoke(CHANNELS.installUpdate),
    reportUnreadMessages: invoke(CHANNELS.reportUnreadMessages),
    onCommand(listener) {
      // Only a command of the contract's list crosses, never the event.
      const relay = (_event: unknown, command: unknown) => {
        if (isConsoleCommand(command)) listener(command);
      };
      ipc.on(CHANNELS.command, relay);
      return () => {
        ipc.removeListener(CHANNELS.command, relay);
      };
    },
    onUpdateReady(listener) {
      // Only the version string crosses, never the event (it carries the ipcRenderer).
      const relay = (_event: unknown, version: unknown) => listener(typeof version === 'string' ? version : '');
      ipc.on(CHANNELS.updateReady, relay);
      return () => {
        ipc.removeListener(CHANNELS.updateReady, relay);
      };
    },
    onOpenServerSettings(listener) {
      // The event object carries `sender` (the ipcRenderer): it must not cross into the page.
      const relay = () => listener();
      ipc.on(CHANNELS.openServerSettings, relay);
      return () => {
        ipc.removeListener(CHANNELS.openServerSettings, relay);
      };
    },
  };
}
