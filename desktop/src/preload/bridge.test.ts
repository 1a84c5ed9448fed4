import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { BRIDGE_FUNCTIONS, BRIDGE_KEY, CHANNELS, type DesktopBridge } from '../bridge/contract';
import { ARGUMENTS } from '../main/arguments';
import { FakeIpcRenderer } from '../main/test-support/fake-electron';
import { createBridge } from './bridge';

// The preload entry imports Electron; a double stands in for it (the real package cannot load under Node).
const electron = vi.hoisted(() => ({
  exposed: [] as [string, unknown][],
  ipcRenderer: null as FakeIpcRenderer | null,
}));
vi.mock('electron', async () => {
  const { FakeIpcRenderer: Fake } = await import('../main/test-support/fake-electron');
  electron.ipcRenderer = new Fake();
  return {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.push([key, api]) },
    ipcRenderer: electron.ipcRenderer,
  };
});

describe('the preload entry', () => {
  it(`exposes exactly BRIDGE_FUNCTIONS under window.${BRIDGE_KEY}, as functions, and nothing else`, async () => {
    await import('./index');
    expect(electron.exposed).toHaveLength(1);
    const [key, api] = electron.exposed[0]!;
    expect(key).toBe(BRIDGE_KEY);
    expect(Object.keys(api as object).sort()).toEqual([...BRIDGE_FUNCTIONS].sort());
    expect(Object.getOwnPropertySymbols(api as object)).toEqual([]);
    expect(Object.getPrototypeOf(api)).toBe(Object.prototype);
    for (const [name, value] of Object.entries(api as object)) {
      expect(typeof value, name).toBe('function');
      expect(value, name).not.toBe(electron.ipcRenderer);
    }
  });
});

describe('createBridge', () => {
  const VALID_ARGS: { [Name in keyof DesktopBridge]?: unknown[] } = {
    setServerUrl: ['https://nutrition.example.org'],
    setToken: ['token'],
    readStore: ['outbox'],
    writeStore: ['outbox', '[]'],
    openExternal: ['https://nutrition.example.org/'],
    reportUnreadMessages: [2, 1],
  };

  it('maps every invoke function to ipcRenderer.invoke on its channel, passing the arguments as they are', async () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createBridge(ipc);
    const invokeNames = BRIDGE_FUNCTIONS.filter(
      (name): name is Exclude<keyof DesktopBridge, `on${string}`> => !name.startsWith('on'),
    );
    for (const name of invokeNames) {
      const args = VALID_ARGS[name] ?? [];
      const call = (bridge[name] as (...a: unknown[]) => Promise<unknown>)(...args);
      expect(call, name).toBeInstanceOf(Promise);
      expect(await call).toBe(`answer of ${CHANNELS[name]}`);
    }
    expect(ipc.invocations).toEqual(
      invokeNames.map((name) => ({ channel: CHANNELS[name], args: VALID_ARGS[name] ?? [] })),
    );
    // Every channel the bridge invokes is one the main process validates.
    for (const { channel } of ipc.invocations) expect(Object.keys(ARGUMENTS)).toContain(channel);
  });

  it('calls the server-settings listener without the IPC event (which carries ipcRenderer)', () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createBridge(ipc);
    const received: unknown[][] = [];
    bridge.onOpenServerSettings((...args: unknown[]) => void received.push(args));
    ipc.emit(CHANNELS.openServerSettings, { sender: ipc, ports: [] }, 'extra payload');
    expect(received).toEqual([[]]);
  });

  it('passes the update listener the version string only', () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createBridge(ipc);
    const received: unknown[][] = [];
    const stop = bridge.onUpdateReady((...args: unknown[]) => void received.push(args));
    ipc.emit(CHANNELS.updateReady, { sender: ipc, ports: [] }, '1.2.0', 'extra payload');
    ipc.emit(CHANNELS.updateReady, { sender: ipc }, { not: 'a string' });
    stop();
    ipc.emit(CHANNELS.updateReady, { sender: ipc }, '1.3.0');
    expect(received).toEqual([['1.2.0'], ['']]);
  });

  it('returns an unsubscribe that stops exactly that listener', () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createBridge(ipc);
    let first = 0;
    let second = 0;
    const stopFirst = bridge.onOpenServerSettings(() => (first += 1));
    bridge.onOpenServerSettings(() => (second += 1));
    ipc.emit(CHANNELS.openServerSettings, {});
    stopFirst();
    ipc.emit(CHANNELS.openServerSettings, {});
    expect([first, second]).toEqual([1, 2]);
    expect(ipc.listenerCount(CHANNELS.openServerSettings)).toBe(1);
  });

  it('passes only the commands of the contract to the command listener, without the event', () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createBridge(ipc);
    const received: unknown[][] = [];
    const stop = bridge.onCommand((...args: unknown[]) => void received.push(args));
    ipc.emit(CHANNELS.command, { sender: ipc }, 'find', 'extra');
    ipc.emit(CHANNELS.command, { sender: ipc }, 'go:/faqs');
    ipc.emit(CHANNELS.command, { sender: ipc }, 'go:https://evil.example');
    ipc.emit(CHANNELS.command, { sender: ipc }, { command: 'find' });
    stop();
    ipc.emit(CHANNELS.command, { sender: ipc }, 'save');
    expect(received).toEqual([['find'], ['go:/faqs']]);
  });
});

describe('the preload stays small', () => {
  // A sandboxed preload bundles everything it imports: zod alone made it 150 KB (issue 54).
  it('imports nothing that brings zod: the contract and the bridge are plain data and functions', () => {
    for (const file of ['./index.ts', './bridge.ts', '../bridge/contract.ts']) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      expect(
        imports.filter((name) => !['electron', '../bridge/contract', './bridge'].includes(name!)),
        file,
      ).toEqual([]);
    }
  });
});
