import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { recordingLogger } from './test-support/fake-electron';
import { checkUpdateFeed, startAutoUpdates, UPDATE_CHECK_INTERVAL_MS, type Updater } from './updater';

const FEED = 'provider: generic\nurl: https://updates.example.org/console/\nupdaterCacheDirName: gnn-console-updater\n';

class FakeUpdater extends EventEmitter {
  logger: Updater['logger'] = null;
  autoDownload = false;
  autoInstallOnAppQuit = true;
  checks = 0;
  installs: unknown[][] = [];
  constructor(private readonly result: () => Promise<unknown> = async () => null) {
    super();
  }
  checkForUpdates() {
    this.checks += 1;
    return this.result();
  }
  quitAndInstall(...args: unknown[]) {
    this.installs.push(args);
  }
}

const asUpdater = (fake: FakeUpdater) => fake as unknown as Updater;

/** Interval timers that run when the test says: `tick()` is one interval gone by. */
function fakeTimers() {
  const callbacks: { callback: () => void; ms: number }[] = [];
  return {
    callbacks,
    setInterval: (callback: () => void, ms: number) => {
      callbacks.push({ callback, ms });
      return null;
    },
    tick: () => callbacks.forEach(({ callback }) => callback()),
  };
}

function start(updater: FakeUpdater, options: { feed?: string | null; isPackaged?: boolean } = {}) {
  const log = recordingLogger();
  const ready: string[] = [];
  const timers = fakeTimers();
  const updates = startAutoUpdates({
    isPackaged: options.isPackaged ?? true,
    readFeed: () => (options.feed === undefined ? FEED : options.feed),
    updater: () => asUpdater(updater),
    onUpdateReady: (version) => void ready.push(version),
    log,
    timers,
  });
  return { updates, log, ready, timers };
}

describe('checkUpdateFeed', () => {
  it('accepts the generic https feed electron-builder writes, quoted or not', () => {
    expect(checkUpdateFeed(FEED)).toEqual({ ok: true, url: 'https://updates.example.org/console/' });
    expect(checkUpdateFeed("provider: generic\nurl: 'https://updates.example.org/c'\n")).toEqual({
      ok: true,
      url: 'https://updates.example.org/c',
    });
  });

  it('refuses an http, missing or odd feed', () => {
    expect(checkUpdateFeed('provider: generic\nurl: http://updates.example.org/\n')).toEqual({
      ok: false,
      reason: 'the feed http://updates.example.org is not https',
    });
    expect(checkUpdateFeed(null)).toMatchObject({ ok: false, reason: 'app-update.yml is missing' });
    expect(checkUpdateFeed('provider: generic\n')).toMatchObject({ ok: false });
    expect(checkUpdateFeed('provider: github\nurl: https://x.example/\n')).toMatchObject({ ok: false });
    expect(checkUpdateFeed('provider: generic\nurl: https://u:p@x.example/\n')).toMatchObject({ ok: false });
  });
});

describe('startAutoUpdates', () => {
  it('does nothing, and does not even create the updater, unless packaged', () => {
    let created = false;
    const updates = startAutoUpdates({
      isPackaged: false,
      readFeed: () => FEED,
      updater: () => {
        created = true;
        return asUpdater(new FakeUpdater());
      },
      onUpdateReady: () => {},
      log: recordingLogger(),
    });
    expect(updates).toBeNull();
    expect(created).toBe(false);
  });

  it('refuses to start on a non-https feed, without creating the updater', () => {
    const updater = new FakeUpdater();
    const { updates, log } = start(updater, { feed: 'provider: generic\nurl: http://updates.example.org/\n' });
    expect(updates).toBeNull();
    expect(updater.checks).toBe(0);
    expect(log.text()).toContain('updates are off: the feed http://updates.example.org is not https');
  });

  it('downloads in the background but never installs on quit by itself', () => {
    const updater = new FakeUpdater();
    const { updates } = start(updater);
    expect(updates).not.toBeNull();
    expect(updater.checks).toBe(1);
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(updater.logger).not.toBeNull();
  });

  it('tells the console when an update is downloaded, and installs it only when asked', () => {
    const updater = new FakeUpdater();
    const { updates, ready } = start(updater);
    expect(updates!.install()).toBe(false);
    expect(updater.installs).toEqual([]);
    updater.emit('update-downloaded', { version: '1.2.0' });
    expect(ready).toEqual(['1.2.0']);
    expect(updates!.readyVersion()).toBe('1.2.0');
    expect(updater.installs).toEqual([]);
    expect(updates!.install()).toBe(true);
    expect(updater.installs).toEqual([[false, true]]);
  });

  it('logs and swallows a failed check', async () => {
    const updater = new FakeUpdater(() => Promise.reject(new Error('net::ERR_NAME_NOT_RESOLVED')));
    const { log } = start(updater);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.text()).toContain('update check failed');
  });

  it("logs an 'error' event instead of letting the emitter throw", () => {
    const updater = new FakeUpdater();
    const { log } = start(updater);
    expect(() => updater.emit('error', new Error('feed unreachable'))).not.toThrow();
    expect(log.text()).toContain('update check failed (Error)');
  });

  it('logs and swallows an updater that cannot even be created', () => {
    const log = recordingLogger();
    const updates = startAutoUpdates({
      isPackaged: true,
      readFeed: () => FEED,
      updater: () => {
        throw new Error('ENOENT app-update.yml');
      },
      onUpdateReady: () => {},
      log,
    });
    expect(updates).toBeNull();
    expect(log.text()).toContain('updates are unavailable');
  });

  it('routes electron-updater’s own log lines to the main log', () => {
    const updater = new FakeUpdater();
    const { log } = start(updater);
    updater.logger!.info('Checking for update');
    expect(log.text()).toContain('updater: Checking for update');
  });

  it('asks the feed again every four hours while no update is waiting, not only at start', () => {
    const updater = new FakeUpdater();
    const { timers } = start(updater);
    expect(timers.callbacks.map(({ ms }) => ms)).toEqual([UPDATE_CHECK_INTERVAL_MS]);
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(4 * 60 * 60 * 1000);
    timers.tick();
    timers.tick();
    expect(updater.checks).toBe(3);
    updater.emit('update-downloaded', { version: '1.2.0' });
    timers.tick();
    expect(updater.checks).toBe(3);
  });

  it('says what a check on demand found: up to date, downloading, ready, or failed', async () => {
    let answer: () => Promise<unknown> = async () => ({ isUpdateAvailable: false, updateInfo: { version: '1.0.0' } });
    const updater = new FakeUpdater(() => answer());
    const { updates } = start(updater);
    expect(await updates!.checkNow()).toEqual({ state: 'up-to-date' });
    answer = async () => ({ isUpdateAvailable: true, updateInfo: { version: '1.3.0' } });
    expect(await updates!.checkNow()).toEqual({ state: 'downloading', version: '1.3.0' });
    answer = () => Promise.reject(new Error('net::ERR_INTERNET_DISCONNECTED'));
    expect(await updates!.checkNow()).toEqual({ state: 'failed' });
    updater.emit('update-downloaded', { version: '1.3.0' });
    const checks = updater.checks;
    expect(await updates!.checkNow()).toEqual({ state: 'ready', version: '1.3.0' });
    expect(updater.checks).toBe(checks);
  });
});
