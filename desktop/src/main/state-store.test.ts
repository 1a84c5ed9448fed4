import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STORE_NAMES, type StoreName } from '../bridge/contract';
import { createStateStore, STATE_DIR_NAME } from './state-store';

const dirs: string[] = [];
function userData(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'npo-state-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('state store', () => {
  it('answers null for a store never written', async () => {
    const store = createStateStore(userData());
    for (const name of STORE_NAMES) expect(await store.read(name)).toBeNull();
  });

  it('writes each store to state/<name>.json and reads it back', async () => {
    const dir = userData();
    const store = createStateStore(dir);
    await store.write('query-cache', '{"queries":[]}');
    await store.write('outbox', '[{"id":1}]');
    expect(await store.read('query-cache')).toBe('{"queries":[]}');
    expect(await store.read('outbox')).toBe('[{"id":1}]');
    expect(readdirSync(path.join(dir, STATE_DIR_NAME)).sort()).toEqual(['outbox.json', 'query-cache.json']);
    expect(await createStateStore(dir).read('outbox')).toBe('[{"id":1}]');
  });

  it('replaces a store whole, including with an empty value', async () => {
    const store = createStateStore(userData());
    await store.write('session-user', '{"name":"Ada"}');
    await store.write('session-user', '');
    expect(await store.read('session-user')).toBe('');
  });

  it('refuses a name outside STORE_NAMES even if one got past the IPC gate', async () => {
    const dir = userData();
    const store = createStateStore(dir);
    for (const name of ['../settings', '../../evil', 'token', '']) {
      await expect(store.write(name as StoreName, 'x')).rejects.toThrow('Unknown store');
      await expect(store.read(name as StoreName)).rejects.toThrow('Unknown store');
    }
    expect(existsSync(path.join(dir, 'settings.json'))).toBe(false);
  });

  it('clears every store', async () => {
    const store = createStateStore(userData());
    for (const name of STORE_NAMES) await store.write(name, 'x');
    await store.clear();
    for (const name of STORE_NAMES) expect(await store.read(name)).toBeNull();
  });
});
