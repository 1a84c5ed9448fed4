/**
 * The composition root of the main process: the only module that imports Electron at runtime. Every
 * decision lives in a module that takes the Electron API it needs as a parameter (and is tested
 * with doubles); this file only wires them together in the order Electron requires.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron';
import type { MessageBoxOptions } from 'electron';
import electronUpdater from 'electron-updater';
import { APP_ORIGIN, CHANNELS, type ConsoleCommand } from '../bridge/contract';
import { buildContentSecurityPolicy, enforceCspOnDevServer } from './csp';
import { createMainHandlers } from './handlers';
import { registerIpcHandlers } from './ipc';
import { consoleLogger as log, describeError } from './log';
import { buildMenuTemplate } from './menu';
import { registerAppScheme, serveRenderer } from './protocol';
import { detectRuntime } from './runtime';
import { externalOpenDialog, leaveDialog, PROCEED, serverChangeDialog, updateCheckDialog } from './dialogs';
import { createUnreadReporter } from './notifications';
import { hardenAllWebContents, isConsoleUrl, openExternalWithConsent, restrictPermissions } from './security';
import { checkServerAddress } from './server-check';
import { openSettingsStore, type SettingsStore } from './settings';
import { createStateStore, type StateStore } from './state-store';
import { createTokenStore } from './token-store';
import { APP_UPDATE_FILE_NAME, startAutoUpdates, type AutoUpdates } from './updater';
import { createMainWindow } from './window';

const PRODUCT_NAME = 'Global Nutrition Network Console';
/** Lets the renderer receive setServerUrl's answer before the reload that applies the new CSP. */
const RELOAD_AFTER_SERVER_CHANGE_MS = 150;

const outDir = path.dirname(fileURLToPath(import.meta.url)); // out/main
const rendererDir = path.join(outDir, '..', 'renderer');
const preloadPath = path.join(outDir, '..', 'preload', 'index.cjs');

const runtime = detectRuntime({ isPackaged: app.isPackaged, env: process.env });
const devServerOrigin = runtime.devServer?.origin ?? null;
const startUrl = devServerOrigin ? `${devServerOrigin}/` : `${APP_ORIGIN}/`;

function readTextIfPresent(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

// Both must happen before the app is ready.
registerAppScheme(protocol);
app.enableSandbox();

if (app.requestSingleInstanceLock()) {
  startApp();
} else {
  // Another console is running: it was told (second-instance) and takes the focus instead.
  app.quit();
}

function startApp(): void {
  let mainWindow: BrowserWindow | null = null;
  let settings: SettingsStore | null = null;
  let state: StateStore | null = null;
  let updates: AutoUpdates | null = null;

  const serverOrigin = () => settings?.current().serverUrl ?? null;
  /** A native dialog, attached to the console window when there is one. */
  const ask = async (options: MessageBoxOptions) =>
    (mainWindow ? await dialog.showMessageBox(mainWindow, options) : await dialog.showMessageBox(options)).response ===
    PROCEED;
  /** Brings the console window forward (restored if minimised). */
  const focusConsole = () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  };
  const sendCommand = (command: ConsoleCommand) => mainWindow?.webContents.send(CHANNELS.command, command);
  const openInBrowser = (url: string) =>
    openExternalWithConsent(url, {
      shell,
      log,
      trustedOrigins: () => [serverOrigin()],
      confirm: (host) => ask(externalOpenDialog(host, serverOrigin())),
    });

  hardenAllWebContents(app, { devServerOrigin, openInBrowser, log });

  app.on('second-instance', focusConsole);

  let settingsFlushed = false;
  app.on('will-quit', (event) => {
    // The window's last position is written on close, the outbox on every change: let those writes
    // land before the process ends.
    if (settingsFlushed || !settings) return;
    event.preventDefault();
    void Promise.all([settings.flush(), state?.flush()]).finally(() => {
      settingsFlushed = true;
      app.quit();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app
    .whenReady()
    .then(async () => {
      const userDataDir = app.getPath('userData');
      const store = await openSettingsStore(userDataDir, log);
      settings = store;
      const tokens = createTokenStore({ userDataDir, cipher: safeStorage, platform: process.platform, log });
      const stores = createStateStore(userDataDir, { cipher: safeStorage, platform: process.platform, log });
      state = stores;
      const contentSecurityPolicy = () =>
        buildContentSecurityPolicy({ serverOrigin: store.current().serverUrl, devServer: runtime.devServer });

      restrictPermissions(session.defaultSession, devServerOrigin);
      serveRenderer(protocol, { rendererDir, contentSecurityPolicy, log });
      if (devServerOrigin) enforceCspOnDevServer(session.defaultSession, devServerOrigin, contentSecurityPolicy);

      const refreshMenu = () =>
        Menu.setApplicationMenu(
          Menu.buildFromTemplate(
            buildMenuTemplate({
              appName: PRODUCT_NAME,
              isMac: process.platform === 'darwin',
              development: runtime.development,
              serverUrl: store.current().serverUrl,
              sendToConsole: (channel) => mainWindow?.webContents.send(channel),
              sendCommand,
              openInBrowser,
              print: () =>
                mainWindow?.webContents.print({}, (printed, reason) => {
                  if (!printed && reason !== 'cancelled') log.warn(`printing failed (${reason})`);
                }),
              checkForUpdates: () => {
                void (updates?.checkNow() ?? Promise.resolve(null)).then((outcome) =>
                  ask(updateCheckDialog(outcome, app.getVersion())),
                );
              },
            }),
          ),
        );

      registerIpcHandlers(
        ipcMain,
        createMainHandlers({
          settings: store,
          tokens,
          state: stores,
          checkServer: (address) => checkServerAddress(address, { fetch: (url, init) => net.fetch(url, init) }),
          confirmServerChange: (change) => ask(serverChangeDialog(change)),
          onServerChanged: () => {
            refreshMenu();
            setTimeout(() => {
              mainWindow
                ?.loadURL(startUrl)
                .catch((error: unknown) => log.error(`reload failed (${describeError(error)})`));
            }, RELOAD_AFTER_SERVER_CHANGE_MS);
          },
          openInBrowser,
          appVersion: () => app.getVersion(),
          isOnline: () => net.isOnline(),
          installUpdate: () => updates?.install() ?? false,
          reportUnreadMessages: createUnreadReporter({
            setBadgeCount: (count) => void app.setBadgeCount(count),
            notify: (content, onClick) => {
              if (!Notification.isSupported()) return;
              const notification = new Notification(content);
              notification.on('click', onClick);
              notification.show();
            },
            openInbox: () => {
              focusConsole();
              sendCommand('open-inbox');
            },
          }),
        }),
        { isTrustedSender: (url) => isConsoleUrl(url, devServerOrigin), log },
      );

      app.setAboutPanelOptions({ applicationName: PRODUCT_NAME, applicationVersion: app.getVersion() });
      refreshMenu();

      const openWindow = () => {
        const window = createMainWindow({
          BrowserWindow,
          workAreas: () => screen.getAllDisplays().map((display) => display.workArea),
          settings: store,
          preloadPath,
          title: PRODUCT_NAME,
          log,
          confirmLeave: (parent) => dialog.showMessageBoxSync(parent, leaveDialog()) === PROCEED,
        });
        // A server change sealed the stores against the old page's last writes: the new page may write.
        window.webContents.on('did-navigate', () => stores.unseal());
        // A reload (a server change) or a console opened after the download still offers the restart.
        window.webContents.on('did-finish-load', () => {
          const version = updates?.readyVersion();
          if (version) window.webContents.send(CHANNELS.updateReady, version);
        });
        window.on('closed', () => {
          if (mainWindow === window) mainWindow = null;
        });
        window
          .loadURL(startUrl)
          .catch((error: unknown) => log.error(`console failed to load (${describeError(error)})`));
        return window;
      };
      mainWindow = openWindow();
      app.on('activate', () => {
        mainWindow ??= openWindow();
      });

      updates = startAutoUpdates({
        isPackaged: app.isPackaged,
        readFeed: () => readTextIfPresent(path.join(process.resourcesPath, APP_UPDATE_FILE_NAME)),
        updater: () => electronUpdater.autoUpdater,
        onUpdateReady: (version) => mainWindow?.webContents.send(CHANNELS.updateReady, version),
        log,
      });
    })
    .catch((error: unknown) => {
      log.error(`the console could not start (${describeError(error)})`);
      app.exit(1);
    });
}
