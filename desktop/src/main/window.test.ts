import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserWindow } from 'electron';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSettingsStore, type WindowBounds } from './settings';
import { FakeBrowserWindow, recordingLogger } from './test-support/fake-electron';
import { createMainWindow, DEFAULT_WINDOW_SIZE, restorableBounds } from './window';

const PRIMARY = { x: 0, y: 0, width: 1920, height: 1040 };
const SECONDARY = { x: 1920, y: 0, width: 1280, height: 1000 };
const SAVED: WindowBounds = { x: 100, y: 80, width: 1200, height: 800, maximized: false };

describe('restorableBounds', () => {
  it('keeps bounds whose title bar is on a display', () => {
    expect(restorableBounds(SAVED, [PRIMARY])).toEqual(SAVED);
    expect(restorableBounds({ ...SAVED, x: 2000 }, [PRIMARY, SECONDARY])).toEqual({ ...SAVED, x: 2000 });
    // Partly off the right edge but enough of the title bar to grab.
    expect(restorableBounds({ ...SAVED, x: 1700 }, [PRIMARY])).toMatchObject({ x: 1700 });
  });

  it('drops bounds on a display that is gone', () => {
    expect(restorableBounds({ ...SAVED, x: 2000 }, [PRIMARY])).toBeNull();
    expect(restorableBounds({ ...SAVED, x: -3000 }, [PRIMARY])).toBeNull();
  });

  it('drops bounds whose title bar is off screen even when the window overlaps a display', () => {
    expect(restorableBounds({ ...SAVED, y: -700 }, [PRIMARY])).toBeNull();
    expect(restorableBounds({ ...SAVED, y: 1030 }, [PRIMARY])).toBeNull();
    expect(restorableBounds({ ...SAVED, x: 1870 }, [PRIMARY])).toBeNull();
  });

  it('has nothing to restore when nothing was saved', () => {
    expect(restorableBounds(null, [PRIMARY])).toBeNull();
  });
});

describe('createMainWindow', () => {
  let userDataDir: string;
  beforeEach(() => {
    userDataDir = mkdtempSync(path.join(tmpdir(), 'npo-window-'));
    FakeBrowserWindow.instances = [];
  });
  afterEach(() => rmSync(userDataDir, { recursive: true, force: true }));

  async function open(saved: WindowBounds | null, workAreas = [PRIMARY], platform: NodeJS.Platform = 'linux') {
    const settings = await openSettingsStore(userDataDir, recordingLogger());
    if (saved) await settings.update({ windowBounds: saved });
    const window = createMainWindow({
      BrowserWindow: FakeBrowserWindow as unknown as typeof BrowserWindow,
      workAreas: () => workAreas,
      settings,
      preloadPath: '/app/out/preload/index.cjs',
      title: 'Global Nutrition Network Console',
      log: recordingLogger(),
      platform,
    }) as unknown as FakeBrowserWindow;
    return { window, settings };
  }

  it('locks down the web preferences', async () => {
    const { window } = await open(null);
    expect(window.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
    });
    expect(window.options.webPreferences).not.toHaveProperty('enableBlinkFeatures');
  });

  it('checks spelling with the OS dictionaries on macOS and Windows, and not at all on Linux', async () => {
    for (const [platform, spellcheck] of [
      ['darwin', true],
      ['win32', true],
      ['linux', false],
      ['freebsd', false],
    ] as const) {
      const { window } = await open(null, [PRIMARY], platform);
      expect(window.options.webPreferences?.spellcheck, platform).toBe(spellcheck);
    }
  });

  it('opens at the default size without saved bounds, shown only once ready', async () => {
    const { window } = await open(null);
    expect(window.options).toMatchObject({ ...DEFAULT_WINDOW_SIZE, show: false });
    expect(window.options).not.toHaveProperty('x');
    expect(window.shown).toBe(false);
    window.emit('ready-to-show');
    expect(window.shown).toBe(true);
  });

  it('restores saved bounds still on a display, maximized if it was', async () => {
    const { window } = await open({ ...SAVED, maximized: true });
    expect(window.options).toMatchObject({ x: 100, y: 80, width: 1200, height: 800 });
    expect(window.maximized).toBe(true);
  });

  it('ignores saved bounds on a display that is gone', async () => {
    const { window } = await open({ ...SAVED, x: 2500 }, [PRIMARY]);
    expect(window.options).toMatchObject(DEFAULT_WINDOW_SIZE);
    expect(window.options).not.toHaveProperty('x');
  });

  it('remembers its normal bounds and maximized state on close', async () => {
    const { window, settings } = await open(null);
    window.normalBounds = { x: 5, y: 6, width: 1100, height: 700 };
    window.maximized = true;
    window.emit('close');
    await settings.flush();
    const reopened = await openSettingsStore(userDataDir, recordingLogger());
    expect(reopened.current().windowBounds).toEqual({ x: 5, y: 6, width: 1100, height: 700, maximized: true });
  });
  it('asks before unsaved changes are lost: leaving only when the person chooses to', async () => {
    const answers = [false, true];
    const settings = await openSettingsStore(userDataDir, recordingLogger());
    const window = createMainWindow({
      BrowserWindow: FakeBrowserWindow as unknown as typeof BrowserWindow,
      workAreas: () => [PRIMARY],
      settings,
      preloadPath: '/app/out/preload/index.cjs',
      title: 'Global Nutrition Network Console',
      log: recordingLogger(),
      confirmLeave: () => answers.shift()!,
    }) as unknown as FakeBrowserWindow;
    const unload = () => {
      let left = false;
      window.webContents.emit('will-prevent-unload', { preventDefault: () => (left = true) });
      return left;
    };
    expect(unload()).toBe(false);
    expect(unload()).toBe(true);
  });
});
