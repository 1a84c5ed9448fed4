/**
 * A whole stand-in for the 'electron' module, for starting the composition root (src/main/index.ts)
 * under vitest with vi.mock('electron'). Built from the smaller doubles of fake-electron.ts.
 */
import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { FakeBrowserWindow, FakeIpcMain, FakeSession, fakeSafeStorage } from './fake-electron';

type MenuTemplate = { label?: string; submenu?: unknown }[];

export class FakeApp extends EventEmitter {
  isPackaged = false;
  hasLock = true;
  readonly calls: string[] = [];
  /** How often whenReady() was asked: code that never asked starts nothing when the app is ready. */
  whenReadyCalls = 0;
  private markReady!: () => void;
  private readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));
  constructor(private readonly userDataDir: string) {
    super();
  }
  enableSandbox = () => void this.calls.push('enableSandbox');
  requestSingleInstanceLock = () => (this.calls.push('requestSingleInstanceLock'), this.hasLock);
  whenReady = () => ((this.whenReadyCalls += 1), this.ready);
  becomeReady = () => this.markReady();
  getPath = (name: string) => (name === 'userData' ? this.userDataDir : tmpdir());
  getVersion = () => '1.0.0';
  setAboutPanelOptions = () => {};
  setBadgeCount = (count: number) => (this.calls.push(`badge ${count}`), true);
  quit = () => void this.calls.push('quit');
  exit = (code: number) => void this.calls.push(`exit ${code}`);
}

/** Electron's Notification: every one shown is kept, so a test can read and click it. */
export class FakeNotification extends EventEmitter {
  static shown: FakeNotification[] = [];
  static isSupported = () => true;
  constructor(readonly options: { title: string; body: string }) {
    super();
  }
  show(): void {
    FakeNotification.shown.push(this);
  }
}

export function fakeElectron(userDataDir: string) {
  const calls: string[] = [];
  const app = new FakeApp(userDataDir);
  const defaultSession = new FakeSession();
  const handledSchemes: string[] = [];
  let appHandler: ((request: Request) => Promise<Response>) | null = null;
  let menuTemplate: MenuTemplate = [];
  /** The button the next native dialogs answer with (0: go ahead). */
  const dialogAnswer = { response: 1 };
  return {
    calls,
    dialogAnswer,
    app,
    appHandler: () => appHandler!,
    menuTemplate: () => menuTemplate,
    handledSchemes,
    module: {
      app,
      BrowserWindow: FakeBrowserWindow,
      Notification: FakeNotification,
      ipcMain: new FakeIpcMain(),
      dialog: {
        showMessageBox: async (...args: unknown[]) => {
          const options = args.at(-1) as { message: string };
          calls.push(`dialog ${options.message}`);
          return { response: dialogAnswer.response, checkboxChecked: false };
        },
        showMessageBoxSync: () => 1,
      },
      Menu: {
        buildFromTemplate: (template: MenuTemplate) => ((menuTemplate = template), template),
        setApplicationMenu: () => void calls.push('setApplicationMenu'),
      },
      net: {
        fetch: async () => new Response(JSON.stringify({ status: 'ok' }), { status: 200 }),
        isOnline: () => true,
      },
      protocol: {
        registerSchemesAsPrivileged: (schemes: unknown) => void calls.push(`privileged ${JSON.stringify(schemes)}`),
        handle: (scheme: string, handler: (request: Request) => Promise<Response>) => {
          handledSchemes.push(scheme);
          appHandler = handler;
        },
      },
      safeStorage: fakeSafeStorage({ available: true }),
      screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
      session: { defaultSession },
      shell: { openExternal: async (url: string) => void calls.push(`openExternal ${url}`) },
    },
  };
}

export type FakeElectron = ReturnType<typeof fakeElectron>;
