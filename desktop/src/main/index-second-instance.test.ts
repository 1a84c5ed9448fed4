/** The composition root when another console already runs: it quits before doing anything else. */
import { describe, expect, it, vi } from 'vitest';
import { FakeBrowserWindow } from './test-support/fake-electron';
import type { FakeElectron } from './test-support/fake-electron-module';

const holder = vi.hoisted(() => ({ electron: null as unknown as FakeElectron }));
vi.mock('electron', async () => {
  const { tmpdir } = await import('node:os');
  const { fakeElectron } = await import('./test-support/fake-electron-module');
  holder.electron = fakeElectron(tmpdir());
  holder.electron.app.hasLock = false;
  return holder.electron.module;
});
vi.mock('electron-updater', () => ({ default: { autoUpdater: null } }));

describe('a second instance', () => {
  it('quits at once and sets nothing up', async () => {
    await import('./index');
    const { app } = holder.electron;
    expect(app.calls).toEqual(['enableSandbox', 'requestSingleInstanceLock', 'quit']);
    // Nothing waits for the app to be ready, so nothing starts once it is.
    expect(app.whenReadyCalls).toBe(0);
    expect(FakeBrowserWindow.instances).toHaveLength(0);
    expect(app.listenerCount('second-instance')).toBe(0);
    expect(app.listenerCount('web-contents-created')).toBe(0);
  });
});
