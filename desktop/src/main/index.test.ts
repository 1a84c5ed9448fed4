/**
 * The composition root, started once against a double of Electron: the order Electron requires
 * (scheme and sandbox before ready), and that every hardening piece is wired to the real objects.
 * The tests run in order on that one started app.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../bridge/contract';
import { ARGUMENTS } from './arguments';
import { FakeBrowserWindow, FakeWebContents } from './test-support/fake-electron';
import { FakeNotification, type FakeElectron } from './test-support/fake-electron-module';

const holder = vi.hoisted(() => ({ electron: null as unknown as FakeElectron, userDataDir: '' }));
vi.mock('electron', async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const { fakeElectron } = await import('./test-support/fake-electron-module');
  holder.userDataDir = mkdtempSync(path.join(tmpdir(), 'npo-main-'));
  holder.electron = fakeElectron(holder.userDataDir);
  return holder.electron.module;
});
vi.mock('electron-updater', () => ({ default: { autoUpdater: null } }));

await import('./index');
const electron = holder.electron;
afterAll(() => rmSync(holder.userDataDir, { recursive: true, force: true }));

describe('before the app is ready', () => {
  it('registers app:// as privileged, enables the sandbox and takes the single-instance lock', () => {
    expect(electron.calls).toEqual([
      `privileged ${JSON.stringify([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }])}`,
    ]);
    expect(electron.app.calls).toEqual(['enableSandbox', 'requestSingleInstanceLock']);
    expect(FakeBrowserWindow.instances).toHaveLength(0);
  });
});

describe('once ready', () => {
  it('serves the renderer on app:// and opens the console there in the hardened window', async () => {
    electron.app.becomeReady();
    await vi.waitFor(() => expect(FakeBrowserWindow.instances).toHaveLength(1));
    const window = FakeBrowserWindow.instances[0]!;
    expect(electron.handledSchemes).toEqual(['app']);
    expect(window.loaded).toEqual(['app://console/']);
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    expect(String(window.options.webPreferences!.preload)).toMatch(/preload[\\/]index\.cjs$/);
    expect(electron.calls).toContain('setApplicationMenu');
  });

  it('restricts permissions on the default session', () => {
    const session = electron.module.session.defaultSession;
    expect(session.permissionCheckHandler!({}, 'media', 'app://console', {})).toBe(false);
    expect(session.permissionCheckHandler!({}, 'geolocation', 'https://evil.example', {})).toBe(false);
  });

  it('hardens every web contents created later, asking in a native dialog before opening another host', async () => {
    const contents = new FakeWebContents();
    electron.app.emit('web-contents-created', {}, contents);
    expect(contents.navigate('will-navigate', 'https://evil.example/')).toBe(true);
    electron.dialogAnswer.response = 1;
    expect(contents.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(electron.calls).toContain('dialog Open evil.example in your browser?'));
    electron.dialogAnswer.response = 0;
    expect(contents.windowOpenHandler!({ url: 'https://nutrition.example.org/' })).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(electron.calls).toContain('openExternal https://nutrition.example.org/'));
    expect(electron.calls).not.toContain('openExternal https://evil.example/');
  });

  it('answers every invoke channel from the console and refuses other senders', async () => {
    const ipc = electron.module.ipcMain;
    expect([...ipc.handlers.keys()].sort()).toEqual(Object.keys(ARGUMENTS).sort());
    expect(await ipc.invoke(CHANNELS.getAppVersion, 'app://console/index.html')).toBe('1.0.0');
    await expect(ipc.invoke(CHANNELS.getAppVersion, 'https://evil.example/')).rejects.toThrow();
  });

  it('keeps a new server, then reloads the console so the new CSP applies', async () => {
    const window = FakeBrowserWindow.instances[0]!;
    const csp = async () =>
      (await electron.appHandler()(new Request('app://console/'))).headers.get('content-security-policy');
    expect(await csp()).toContain("connect-src 'none'");

    const ipc = electron.module.ipcMain;
    const result = await ipc.invoke(CHANNELS.setServerUrl, 'app://console/index.html', 'https://nutrition.example.org');
    expect(result).toEqual({ ok: true, serverUrl: 'https://nutrition.example.org' });
    expect(await csp()).toContain('connect-src https://nutrition.example.org;');
    await vi.waitFor(() => expect(window.loaded).toEqual(['app://console/', 'app://console/']));
  });

  it("refuses the old page's store writes after a server change until the new page has navigated", async () => {
    const window = FakeBrowserWindow.instances[0]!;
    const ipc = electron.module.ipcMain;
    electron.dialogAnswer.response = 0;
    await ipc.invoke(CHANNELS.setServerUrl, 'app://console/index.html', 'https://second.example.org');
    await expect(ipc.invoke(CHANNELS.writeStore, 'app://console/index.html', 'outbox', '[]')).rejects.toThrow(
      'The console is switching servers.',
    );
    window.webContents.emit('did-navigate');
    await ipc.invoke(CHANNELS.writeStore, 'app://console/index.html', 'outbox', '[]');
    // Back to the server the next tests expect.
    await ipc.invoke(CHANNELS.setServerUrl, 'app://console/index.html', 'https://nutrition.example.org');
    window.webContents.emit('did-navigate');
    await vi.waitFor(() => expect(window.loaded).toHaveLength(4));
  });

  it('asks in a native dialog before another server replaces it, and opens its pages without asking', async () => {
    const window = FakeBrowserWindow.instances[0]!;
    const ipc = electron.module.ipcMain;
    electron.dialogAnswer.response = 1;
    const declined = await ipc.invoke(CHANNELS.setServerUrl, 'app://console/index.html', 'https://other.example.org');
    expect(declined).toEqual({ ok: false, message: 'The server was not changed.' });
    expect(electron.calls).toContain('dialog Connect the console to other.example.org?');
    expect(await ipc.invoke(CHANNELS.getServerUrl, 'app://console/index.html')).toBe('https://nutrition.example.org');
    expect(window.loaded).toHaveLength(4);

    const dialogs = electron.calls.filter((call) => call.startsWith('dialog')).length;
    await ipc.invoke(CHANNELS.openExternal, 'app://console/index.html', 'https://nutrition.example.org/about');
    expect(electron.calls).toContain('openExternal https://nutrition.example.org/about');
    expect(electron.calls.filter((call) => call.startsWith('dialog'))).toHaveLength(dialogs);
  });

  it('sends "Server address…" from the menu to the console window', () => {
    const window = FakeBrowserWindow.instances[0]!;
    const file = electron.menuTemplate().find((entry) => entry.label === 'File')!;
    const item = (file.submenu as { label?: string; click?: () => void }[]).find(
      (entry) => entry.label === 'Server address…',
    )!;
    item.click!();
    expect(window.webContents.sent).toEqual([CHANNELS.openServerSettings]);
  });

  it('shows unread messages on the badge, notifies arrivals, and opens the inbox from a click', async () => {
    const window = FakeBrowserWindow.instances[0]!;
    const ipc = electron.module.ipcMain;
    await ipc.invoke(CHANNELS.reportUnreadMessages, 'app://console/index.html', 3, 1);
    expect(electron.app.calls).toContain('badge 3');
    expect(FakeNotification.shown.map((shown) => shown.options.title)).toEqual(['New contact message']);
    FakeNotification.shown[0]!.emit('click');
    expect(window.webContents.messages).toContainEqual([CHANNELS.command, 'open-inbox']);
  });

  it('sends the menu commands to the console', () => {
    const window = FakeBrowserWindow.instances[0]!;
    const edit = electron.menuTemplate().find((entry) => entry.label === 'Edit')!;
    (edit.submenu as { label?: string; click?: () => void }[]).find((entry) => entry.label === 'Find in List')!
      .click!();
    expect(window.webContents.messages).toContainEqual([CHANNELS.command, 'find']);
  });

  it('focuses the existing window when a second instance starts', () => {
    const window = FakeBrowserWindow.instances[0]!;
    const focus = vi.spyOn(window, 'focus');
    electron.app.emit('second-instance');
    expect(focus).toHaveBeenCalled();
  });

  it('lets the last window position reach the disk before quitting', async () => {
    FakeBrowserWindow.instances[0]!.emit('close');
    let prevented = false;
    electron.app.emit('will-quit', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    await vi.waitFor(() => expect(electron.app.calls).toContain('quit'));
  });
});
