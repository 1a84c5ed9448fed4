/**
 * The console's one window: locked-down web preferences, and the size and position it had last time
 * when that place is still on a connected display (a monitor may have been unplugged since).
 */
import type { BrowserWindow as ElectronBrowserWindow, Rectangle } from 'electron';
import { describeError, type Logger } from './log';
import type { SettingsStore, WindowBounds } from './settings';

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 } as const;
export const MIN_WINDOW_SIZE = { width: 900, height: 600 } as const;

/** The part of the window that must be on screen to count as visible: enough title bar to drag it back. */
const GRAB_AREA = { width: 100, height: 40 } as const;

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/** The saved bounds when their title bar is on one of the displays' work areas; otherwise none. */
export function restorableBounds(saved: WindowBounds | null, workAreas: readonly Rectangle[]): WindowBounds | null {
  if (!saved) return null;
  const titleBar = { x: saved.x, y: saved.y, width: saved.width, height: GRAB_AREA.height };
  const visible = workAreas.some((area) => {
    const shared = overlap(titleBar, area);
    return shared.width >= GRAB_AREA.width && shared.height >= GRAB_AREA.height / 2;
  });
  return visible ? saved : null;
}

export interface MainWindowDeps {
  BrowserWindow: typeof ElectronBrowserWindow;
  workAreas(): Rectangle[];
  settings: SettingsStore;
  preloadPath: string;
  title: string;
  log: Logger;
  /**
   * Asked when the console holds unsaved changes (its beforeunload handler objects) as the window
   * closes or reloads: true to leave anyway. Without it Electron would just keep the window open.
   */
  confirmLeave?: (window: ElectronBrowserWindow) => boolean;
  /** Defaults to this computer's. */
  platform?: NodeJS.Platform;
}

/** Spellcheck only where the OS brings the dictionaries (nothing is downloaded). */
export function spellcheckAvailable(platform: NodeJS.Platform): boolean {
  return platform === 'darwin' || platform === 'win32';
}

export function createMainWindow(deps: MainWindowDeps): ElectronBrowserWindow {
  const { BrowserWindow, settings, log } = deps;
  const saved = restorableBounds(settings.current().windowBounds, deps.workAreas());
  const window = new BrowserWindow({
    ...(saved ? { x: saved.x, y: saved.y, width: saved.width, height: saved.height } : DEFAULT_WINDOW_SIZE),
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: deps.title,
    show: false,
    webPreferences: {
      // Reviewed for Electronegativity: the preload exposes createBridge() only (src/preload/bridge.ts).
      preload: deps.preloadPath, // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      // A middle click would otherwise open links in a new window, bypassing the window-open handler's intent.
      disableBlinkFeatures: 'Auxclick',
      safeDialogs: true,
      // macOS and Windows check spelling with the system's own dictionaries; on Linux Chromium would
      // download Hunspell dictionaries from Google, outside the CSP and the organisation's server.
      spellcheck: spellcheckAvailable(deps.platform ?? process.platform),
    },
  });
  if (saved?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.webContents.on('will-prevent-unload', (event) => {
    if (deps.confirmLeave?.(window)) event.preventDefault();
  });
  window.on('close', () => {
    const bounds = window.getNormalBounds();
    settings
      .update({ windowBounds: { ...bounds, maximized: window.isMaximized() } })
      .catch((error: unknown) => log.warn(`window position not saved (${describeError(error)})`));
  });
  return window;
}
