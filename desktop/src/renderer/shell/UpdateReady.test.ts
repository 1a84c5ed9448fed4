import { describe, expect, it, vi } from 'vitest';
import type { AppUpdates } from '../platform';
import { offerRestartOnUpdate, RESTART_TO_UPDATE } from './UpdateReady';

vi.mock('../platform', () => ({ platform: {} }));
vi.mock('../ui/toaster', () => ({ notifyWithAction: () => {}, notifyFailure: () => {} }));

function fakeUpdates(install: () => Promise<void>) {
  let listener: ((version: string) => void) | null = null;
  const updates: AppUpdates = {
    onReady: (next) => {
      listener = next;
      return () => (listener = null);
    },
    install,
  };
  return { updates, announce: (version: string) => listener?.(version), listening: () => listener !== null };
}

describe('offerRestartOnUpdate', () => {
  it('offers "Restart to update" once an update is ready, and installs only when it is clicked', async () => {
    const install = vi.fn(async () => {});
    const { updates, announce, listening } = fakeUpdates(install);
    const offers: { message: string; action: { text: string; onClick: () => void } }[] = [];
    const stop = offerRestartOnUpdate(
      updates,
      (message, action) => offers.push({ message, action }),
      () => {},
    );
    expect(offers).toEqual([]);
    announce('1.2.0');
    expect(offers).toHaveLength(1);
    expect(offers[0]!.message).toBe('Version 1.2.0 of the console is ready.');
    expect(offers[0]!.action.text).toBe(RESTART_TO_UPDATE);
    expect(install).not.toHaveBeenCalled();
    offers[0]!.action.onClick();
    expect(install).toHaveBeenCalledTimes(1);
    stop();
    expect(listening()).toBe(false);
  });

  it('shows why the install failed', async () => {
    const { updates, announce } = fakeUpdates(() => Promise.reject(new Error('No update is ready to install.')));
    const failures: string[][] = [];
    let click = () => {};
    offerRestartOnUpdate(
      updates,
      (_message, action) => (click = action.onClick),
      (lines) => failures.push(lines),
    );
    announce('1.2.0');
    click();
    await vi.waitFor(() => expect(failures).toEqual([['No update is ready to install.']]));
  });
});
