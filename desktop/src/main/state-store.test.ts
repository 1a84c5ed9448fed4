import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STORE_LOCKED_MESSAGE, STORE_NAMES, type StoreName } from '../bridge/contract';
import { UserFacingError } from './ipc';
import {
  createStateStore,
  describeWriteFailure,
  ENCRYPTED_HEADER,
  STATE_DIR_NAME,
  SWITCHING_SERVERS_MESSAGE,
} from './state-store';
import { fakeSafeStorage, recordingLogger } from './test-support/fake-electron';

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

  it('replaces a store whole, and an empty value removes its file', async () => {
    const dir = userData();
    const store = createStateStore(dir);
    await store.write('session-user', '{"name":"Ada"}');
    await store.write('session-user', '{"name":"Grace"}');
    expect(await store.read('session-user')).toBe('{"name":"Grace"}');
    await store.write('session-user', '');
    expect(await store.read('session-user')).toBeNull();
    expect(existsSync(path.join(dir, STATE_DIR_NAME, 'session-user.json'))).toBe(false);
  });

  it('leaves the last of 200 back-to-back writes on disk', async () => {
    const dir = userData();
    const store = createStateStore(dir);
    const writes = Array.from({ length: 200 }, (_, index) => store.write('outbox', JSON.stringify({ version: index })));
    await Promise.all(writes);
    expect(readFileSync(path.join(dir, STATE_DIR_NAME, 'outbox.json'), 'utf8')).toBe('{"version":199}');
    expect(await createStateStore(dir).read('outbox')).toBe('{"version":199}');
    // No temporary file is left behind.
    expect(readdirSync(path.join(dir, STATE_DIR_NAME))).toEqual(['outbox.json']);
  });

  it('lands writes in the order they were asked for, and a read sees the writes asked before it', async () => {
    const store = createStateStore(userData());
    const landed: number[] = [];
    const writes = [0, 1, 2, 3].map((index) => store.write('outbox', `v${index}`).then(() => landed.push(index)));
    const read = store.read('outbox');
    await store.write('outbox', '');
    expect(await read).toBe('v3');
    await Promise.all(writes);
    expect(landed).toEqual([0, 1, 2, 3]);
    expect(await store.read('outbox')).toBeNull();
  });

  it('rejects a failed write with a sentence to show, and keeps the queue going', async () => {
    const dir = userData();
    // A file where the state folder should be: mkdir fails as on a broken disk.
    writeFileSync(path.join(dir, STATE_DIR_NAME), 'not a folder');
    const log = recordingLogger();
    const store = createStateStore(dir, { log });
    const failure = store.write('outbox', '[{"id":"secret-change"}]');
    await expect(failure).rejects.toBeInstanceOf(UserFacingError);
    await expect(failure).rejects.toThrow('could not be saved on this computer');
    expect(log.text()).toContain('the outbox store could not be written');
    expect(log.text()).not.toContain('secret-change');
    rmSync(path.join(dir, STATE_DIR_NAME));
    await store.write('outbox', '[]');
    expect(await store.read('outbox')).toBe('[]');
  });

  it('names a full disk and a refused folder', () => {
    const error = (code: string) => Object.assign(new Error('x'), { code });
    expect(describeWriteFailure(error('ENOSPC'))).toMatch(/disk is full/);
    expect(describeWriteFailure(error('EACCES'))).toMatch(/permissions/);
    expect(describeWriteFailure(new Error('?'))).toMatch(/could not be saved/);
  });

  it('forgets the chosen stores only', async () => {
    const store = createStateStore(userData());
    for (const name of STORE_NAMES) await store.write(name, 'x');
    await store.forget(['query-cache', 'session-user']);
    expect(await store.read('query-cache')).toBeNull();
    expect(await store.read('session-user')).toBeNull();
    expect(await store.read('outbox')).toBe('x');
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

  it('does not let a write asked before clear() bring a store back', async () => {
    const store = createStateStore(userData());
    const write = store.write('outbox', '[1]');
    await store.clear();
    await write;
    expect(await store.read('outbox')).toBeNull();
  });

  it('clears every store', async () => {
    const store = createStateStore(userData());
    for (const name of STORE_NAMES) await store.write(name, 'x');
    await store.clear();
    for (const name of STORE_NAMES) expect(await store.read(name)).toBeNull();
  });
});

describe('state store encryption', () => {
  const SECRET = '{"queries":[{"email":"ada@example.org"}]}';

  it('encrypts every store with safeStorage where it is available, and reads it back', async () => {
    const dir = userData();
    const cipher = fakeSafeStorage({ available: true });
    const store = createStateStore(dir, { cipher, platform: 'darwin' });
    expect(store.encrypted()).toBe(true);
    for (const name of STORE_NAMES) {
      await store.write(name, SECRET);
      const onDisk = readFileSync(path.join(dir, STATE_DIR_NAME, `${name}.json`));
      expect(onDisk.subarray(0, ENCRYPTED_HEADER.length).equals(ENCRYPTED_HEADER)).toBe(true);
      expect(onDisk.toString('utf8')).not.toContain('ada@example.org');
      expect(onDisk.toString('latin1')).not.toContain(Buffer.from(SECRET).toString('base64'));
      expect(await store.read(name)).toBe(SECRET);
    }
    expect(await createStateStore(dir, { cipher, platform: 'darwin' }).read('outbox')).toBe(SECRET);
  });

  it("writes plain text and says so without a keychain (or with Linux's basic_text)", async () => {
    const dir = userData();
    for (const [cipher, platform] of [
      [fakeSafeStorage({ available: false }), 'win32'],
      [fakeSafeStorage({ available: true, backend: 'basic_text' }), 'linux'],
    ] as const) {
      const store = createStateStore(dir, { cipher, platform });
      expect(store.encrypted()).toBe(false);
      await store.write('query-cache', SECRET);
      expect(readFileSync(path.join(dir, STATE_DIR_NAME, 'query-cache.json'), 'utf8')).toBe(SECRET);
    }
    expect(createStateStore(dir).encrypted()).toBe(false);
  });

  it('encrypts in place a file written before the keychain was usable', async () => {
    const dir = userData();
    mkdirSync(path.join(dir, STATE_DIR_NAME));
    writeFileSync(path.join(dir, STATE_DIR_NAME, 'outbox.json'), SECRET);
    const store = createStateStore(dir, { cipher: fakeSafeStorage({ available: true }), platform: 'linux' });
    expect(await store.read('outbox')).toBe(SECRET);
    expect(readFileSync(path.join(dir, STATE_DIR_NAME, 'outbox.json'), 'utf8')).not.toContain('ada@example.org');
    expect(await store.read('outbox')).toBe(SECRET);
  });

  it('keeps an outbox the keychain cannot decrypt now, refuses to replace it, and reads it once the keychain is back', async () => {
    const dir = userData();
    const keychain = { available: true };
    const cipher = fakeSafeStorage(keychain);
    await createStateStore(dir, { cipher, platform: 'linux' }).write('outbox', SECRET);
    const file = path.join(dir, STATE_DIR_NAME, 'outbox.json');
    const before = readFileSync(file);

    // The next login: the Linux keyring is not unlocked yet.
    keychain.available = false;
    const log = recordingLogger();
    const store = createStateStore(dir, { cipher, platform: 'linux', log });
    await expect(store.read('outbox')).rejects.toThrow(STORE_LOCKED_MESSAGE);
    await expect(store.read('outbox')).rejects.toBeInstanceOf(UserFacingError);
    // A write (an empty outbox, or new changes) would lose the waiting ones: refused, file untouched.
    await expect(store.write('outbox', '[]')).rejects.toThrow(STORE_LOCKED_MESSAGE);
    await expect(store.write('outbox', '')).rejects.toThrow(STORE_LOCKED_MESSAGE);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(log.text()).toContain('it is kept, locked');
    expect(log.text()).not.toContain('ada@example.org');

    keychain.available = true;
    expect(await store.read('outbox')).toBe(SECRET);
    await store.write('outbox', '[]');
    expect(await store.read('outbox')).toBe('[]');
  });

  it('keeps an outbox another keychain encrypted too, and refuses a first write over it without a read', async () => {
    const dir = userData();
    await createStateStore(dir, { cipher: fakeSafeStorage({ available: true, key: 'a' }), platform: 'darwin' }).write(
      'outbox',
      SECRET,
    );
    const other = createStateStore(dir, { cipher: fakeSafeStorage({ available: true, key: 'b' }), platform: 'darwin' });
    await expect(other.write('outbox', '[]')).rejects.toThrow(STORE_LOCKED_MESSAGE);
    await expect(other.read('outbox')).rejects.toThrow(STORE_LOCKED_MESSAGE);
    expect(existsSync(path.join(dir, STATE_DIR_NAME, 'outbox.json'))).toBe(true);
    // A confirmed server change (or the staff member's discard of everything) may still drop it.
    await other.clear();
    expect(await other.read('outbox')).toBeNull();
    await other.write('outbox', '[]');
  });

  it('discards a cache or session file it cannot decrypt: the server has what it held', async () => {
    const dir = userData();
    const writer = createStateStore(dir, {
      cipher: fakeSafeStorage({ available: true, key: 'a' }),
      platform: 'darwin',
    });
    await writer.write('query-cache', SECRET);
    await writer.write('session-user', SECRET);
    const log = recordingLogger();
    const other = createStateStore(dir, {
      cipher: fakeSafeStorage({ available: true, key: 'b' }),
      platform: 'darwin',
      log,
    });
    expect(await other.read('query-cache')).toBeNull();
    expect(await other.read('session-user')).toBeNull();
    expect(existsSync(path.join(dir, STATE_DIR_NAME, 'query-cache.json'))).toBe(false);
    expect(log.text()).toContain('it is discarded');
  });
});

describe('state store during a server change', () => {
  it('refuses writes while sealed (the old page writing its stores back) and takes them again once unsealed', async () => {
    const store = createStateStore(userData());
    await store.write('outbox', '[{"server":"https://a.example"}]');
    store.seal();
    await store.clear();
    await expect(store.write('outbox', '[{"server":"https://a.example"}]')).rejects.toThrow(SWITCHING_SERVERS_MESSAGE);
    await expect(store.write('query-cache', '{}')).rejects.toThrow(SWITCHING_SERVERS_MESSAGE);
    expect(await store.read('outbox')).toBeNull();
    store.unseal();
    await store.write('outbox', '[]');
    expect(await store.read('outbox')).toBe('[]');
  });
});
