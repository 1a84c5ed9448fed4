/**
 * Automatic updates through electron-updater, for packaged builds only: the feed is the generic
 * provider URL that electron-builder wrote into resources/app-update.yml at package time
 * (NPO_UPDATE_URL). Only an https feed is used. An update downloads in the background and is never
 * installed unasked: the console is told (onUpdateReady) and offers "Restart to update", which calls
 * install(). An update server that is down or misconfigured must never stop the console, so every
 * failure is logged and swallowed. The feed is asked at start, then every UPDATE_CHECK_INTERVAL_MS
 * (a console left open all week still hears of a release), and when the menu's "Check for Updates…"
 * asks (checkNow, whose outcome the menu shows).
 */
import type { AppUpdater } from 'electron-updater';
import { describeError, describeUrl, type Logger } from './log';

export type Updater = Pick<AppUpdater, 'checkForUpdates' | 'on' | 'quitAndInstall'> & {
  logger: AppUpdater['logger'];
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
};

export const APP_UPDATE_FILE_NAME = 'app-update.yml';

/** Four hours: a release reaches a console left open within a working day. */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/** What a check on demand found: the menu says it in a dialog. */
export type UpdateCheckOutcome =
  | { state: 'up-to-date' }
  | { state: 'downloading'; version: string }
  | { state: 'ready'; version: string }
  | { state: 'failed' };

/** The timers the periodic check uses (tests pass fake ones). */
export interface IntervalTimers {
  setInterval(callback: () => void, ms: number): unknown;
}

/** One `key: value` line of the flat YAML electron-builder writes (values may be quoted). */
function yamlValue(text: string, key: string): string | null {
  const line = text.split(/\r?\n/).find((candidate) => candidate.startsWith(`${key}:`));
  if (!line) return null;
  const value = line.slice(key.length + 1).trim();
  return value.replace(/^(['"])(.*)\1$/, '$2');
}

/** The feed of app-update.yml when it is a generic https one; otherwise why it is not used. */
export function checkUpdateFeed(
  appUpdateYml: string | null,
): { ok: true; url: string } | { ok: false; reason: string } {
  if (appUpdateYml === null) return { ok: false, reason: `${APP_UPDATE_FILE_NAME} is missing` };
  const provider = yamlValue(appUpdateYml, 'provider');
  if (provider !== 'generic') return { ok: false, reason: `the provider is ${provider ?? 'not set'}, not generic` };
  const address = yamlValue(appUpdateYml, 'url');
  let url: URL;
  try {
    url = new URL(address ?? '');
  } catch {
    return { ok: false, reason: 'the feed address is not valid' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: `the feed ${describeUrl(url.href)} is not https` };
  if (url.username || url.password) return { ok: false, reason: 'the feed address carries credentials' };
  return { ok: true, url: url.href };
}

export interface AutoUpdates {
  /** Quits and installs the downloaded update; false when none is ready. */
  install(): boolean;
  /** The version downloaded and waiting for a restart, if any. */
  readyVersion(): string | null;
  /** Asks the feed now (the menu's "Check for Updates…"). */
  checkNow(): Promise<UpdateCheckOutcome>;
}

export function startAutoUpdates(options: {
  isPackaged: boolean;
  /** The text of resources/app-update.yml, or null when it is missing. */
  readFeed(): string | null;
  /** Resolved lazily: creating electron-updater's updater reads files that only a packaged app has. */
  updater(): Updater;
  /** An update is downloaded: the console offers the restart. */
  onUpdateReady(version: string): void;
  log: Logger;
  /** Defaults to the global timers. */
  timers?: IntervalTimers;
}): AutoUpdates | null {
  const { log } = options;
  if (!options.isPackaged) return null;
  const feed = checkUpdateFeed(options.readFeed());
  if (!feed.ok) {
    log.warn(`updates are off: ${feed.reason}`);
    return null;
  }
  try {
    const updater = options.updater();
    updater.logger = {
      info: (message?: unknown) => log.info(`updater: ${String(message)}`),
      warn: (message?: unknown) => log.warn(`updater: ${String(message)}`),
      error: (message?: unknown) => log.warn(`updater: ${String(message)}`),
    };
    updater.autoDownload = true;
    // Never behind the staff member's back: installing waits for "Restart to update".
    updater.autoInstallOnAppQuit = false;
    let ready: string | null = null;
    // Without a listener, an 'error' event would be thrown by the EventEmitter.
    updater.on('error', (error) => log.warn(`update check failed (${describeError(error)})`));
    updater.on('update-downloaded', (info) => {
      ready = info.version;
      log.info(`update ${info.version} downloaded; waiting for the console's restart`);
      options.onUpdateReady(info.version);
    });
    const check = async (): Promise<UpdateCheckOutcome> => {
      if (ready !== null) return { state: 'ready', version: ready };
      try {
        const result = await updater.checkForUpdates();
        if (ready !== null) return { state: 'ready', version: ready };
        return result?.isUpdateAvailable
          ? { state: 'downloading', version: result.updateInfo.version }
          : { state: 'up-to-date' };
      } catch (error) {
        log.warn(`update check failed (${describeError(error)})`);
        return { state: 'failed' };
      }
    };
    void check();
    // Once one is downloaded there is nothing more to ask until the restart installs it.
    const timer = (options.timers ?? globalThis).setInterval(() => {
      if (ready === null) void check();
    }, UPDATE_CHECK_INTERVAL_MS);
    // Node's timers would keep a quitting app alive; Electron's main process honours unref.
    (timer as { unref?: () => void } | null)?.unref?.();
    return {
      checkNow: check,
      readyVersion: () => ready,
      install() {
        if (ready === null) return false;
        // isSilent false: the Windows installer shows its progress; isForceRunAfter: the console comes back.
        updater.quitAndInstall(false, true);
        return true;
      },
    };
  } catch (error) {
    log.warn(`updates are unavailable (${describeError(error)})`);
    return null;
  }
}
