/**
 * Automatic updates through electron-updater, for packaged builds only: the feed is the generic
 * provider URL that electron-builder wrote into app-update.yml at package time (NPO_UPDATE_URL).
 * An update server that is down or misconfigured must never stop the console, so every failure
 * is logged and swallowed.
 */
import type { AppUpdater } from 'electron-updater';
import { describeError, type Logger } from './log';

export type Updater = Pick<AppUpdater, 'checkForUpdatesAndNotify' | 'on'> & { logger: AppUpdater['logger'] };

export function startAutoUpdates(options: {
  isPackaged: boolean;
  /** Resolved lazily: creating electron-updater's updater reads files that only a packaged app has. */
  updater(): Updater;
  log: Logger;
}): boolean {
  const { log } = options;
  if (!options.isPackaged) return false;
  try {
    const updater = options.updater();
    updater.logger = {
      info: (message?: unknown) => log.info(`updater: ${String(message)}`),
      warn: (message?: unknown) => log.warn(`updater: ${String(message)}`),
      error: (message?: unknown) => log.warn(`updater: ${String(message)}`),
    };
    // Without a listener, an 'error' event would be thrown by the EventEmitter.
    updater.on('error', (error) => log.warn(`update check failed (${describeError(error)})`));
    updater
      .checkForUpdatesAndNotify()
      .catch((error: unknown) => log.warn(`update check failed (${describeError(error)})`));
    return true;
  } catch (error) {
    log.warn(`updates are unavailable (${describeError(error)})`);
    return false;
  }
}
