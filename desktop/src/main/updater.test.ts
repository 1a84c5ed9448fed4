import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { recordingLogger } from './test-support/fake-electron';
import { startAutoUpdates, type Updater } from './updater';

class FakeUpdater extends EventEmitter {
  logger: Updater['logger'] = null;
  checks = 0;
  constructor(private readonly result: () => Promise<null>) {
    super();
  }
  checkForUpdatesAndNotify() {
    this.checks += 1;
    return this.result();
  }
}

const asUpdater = (fake: FakeUpdater) => fake as unknown as Updater;

describe('startAutoUpdates', () => {
  it('does nothing, and does not even create the updater, unless packaged', () => {
    let created = false;
    const started = startAutoUpdates({
      isPackaged: false,
      updater: () => {
        created = true;
        return asUpdater(new FakeUpdater(async () => null));
      },
      log: recordingLogger(),
    });
    expect(started).toBe(false);
    expect(created).toBe(false);
  });

  it('checks for updates and notifies when packaged', () => {
    const updater = new FakeUpdater(async () => null);
    expect(startAutoUpdates({ isPackaged: true, updater: () => asUpdater(updater), log: recordingLogger() })).toBe(
      true,
    );
    expect(updater.checks).toBe(1);
    expect(updater.logger).not.toBeNull();
  });

  it('logs and swallows a failed check', async () => {
    const log = recordingLogger();
    const updater = new FakeUpdater(() => Promise.reject(new Error('net::ERR_NAME_NOT_RESOLVED')));
    startAutoUpdates({ isPackaged: true, updater: () => asUpdater(updater), log });
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.text()).toContain('update check failed');
  });

  it("logs an 'error' event instead of letting the emitter throw", () => {
    const log = recordingLogger();
    const updater = new FakeUpdater(async () => null);
    startAutoUpdates({ isPackaged: true, updater: () => asUpdater(updater), log });
    expect(() => updater.emit('error', new Error('feed unreachable'))).not.toThrow();
    expect(log.text()).toContain('update check failed (Error)');
  });

  it('logs and swallows an updater that cannot even be created', () => {
    const log = recordingLogger();
    const started = startAutoUpdates({
      isPackaged: true,
      updater: () => {
        throw new Error('ENOENT app-update.yml');
      },
      log,
    });
    expect(started).toBe(false);
    expect(log.text()).toContain('updates are unavailable');
  });

  it('routes electron-updater’s own log lines to the main log', () => {
    const log = recordingLogger();
    const updater = new FakeUpdater(async () => null);
    startAutoUpdates({ isPackaged: true, updater: () => asUpdater(updater), log });
    updater.logger!.info('Checking for update');
    expect(log.text()).toContain('updater: Checking for update');
  });
});
