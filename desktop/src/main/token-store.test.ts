import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeSafeStorage, recordingLogger } from './test-support/fake-electron';
import { canEncryptTokens, createTokenStore, TOKEN_FILE_NAME } from './token-store';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.session-token-value.signature';

const dirs: string[] = [];
function userData(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'npo-token-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every byte the store left in userData, to prove the token is not there in plain text. */
function everythingOnDisk(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => readFileSync(file).toString('latin1'))
    .join('\n');
}

describe('token store with the OS keychain available', () => {
  const cipher = fakeSafeStorage({ available: true });

  it('keeps the token encrypted on disk and reads it back after a restart', async () => {
    const dir = userData();
    const first = createTokenStore({ userDataDir: dir, cipher, platform: 'darwin', log: recordingLogger() });
    await first.set(TOKEN);
    expect(await first.get()).toBe(TOKEN);
    expect(existsSync(path.join(dir, TOKEN_FILE_NAME))).toBe(true);
    expect(everythingOnDisk(dir)).not.toContain(TOKEN);

    const afterRestart = createTokenStore({ userDataDir: dir, cipher, platform: 'darwin', log: recordingLogger() });
    expect(await afterRestart.get()).toBe(TOKEN);
  });

  it('forgets the token on clear, on disk too', async () => {
    const dir = userData();
    const store = createTokenStore({ userDataDir: dir, cipher, platform: 'win32', log: recordingLogger() });
    await store.set(TOKEN);
    await store.clear();
    expect(await store.get()).toBeNull();
    expect(existsSync(path.join(dir, TOKEN_FILE_NAME))).toBe(false);
    const afterRestart = createTokenStore({ userDataDir: dir, cipher, platform: 'win32', log: recordingLogger() });
    expect(await afterRestart.get()).toBeNull();
  });

  it('keeps a token it cannot decrypt (a damaged file), without failing: no session, the file stays', async () => {
    const dir = userData();
    writeFileSync(path.join(dir, TOKEN_FILE_NAME), 'garbage');
    const log = recordingLogger();
    const store = createTokenStore({ userDataDir: dir, cipher, platform: 'linux', log });
    expect(await store.get()).toBeNull();
    expect(readFileSync(path.join(dir, TOKEN_FILE_NAME), 'utf8')).toBe('garbage');
    expect(log.text()).toContain('could not be decrypted');
    expect(log.text()).not.toContain('garbage');
  });

  it('reads a token the keychain refused once when asked again, once the keychain answers (issue 54 item 1)', async () => {
    const dir = userData();
    const keychain = { available: true };
    const cipherNow = fakeSafeStorage(keychain);
    await createTokenStore({ userDataDir: dir, cipher: cipherNow, platform: 'darwin', log: recordingLogger() }).set(
      TOKEN,
    );
    // The next login: the keychain is not unlocked yet.
    keychain.available = false;
    const store = createTokenStore({ userDataDir: dir, cipher: cipherNow, platform: 'darwin', log: recordingLogger() });
    expect(await store.get()).toBeNull();
    expect(existsSync(path.join(dir, TOKEN_FILE_NAME))).toBe(true);
    keychain.available = true;
    expect(await store.get()).toBe(TOKEN);
  });

  it('has no session before anything was stored', async () => {
    const store = createTokenStore({ userDataDir: userData(), cipher, platform: 'linux', log: recordingLogger() });
    expect(await store.get()).toBeNull();
  });
});

describe('token store without encryption', () => {
  for (const [label, cipher, platform] of [
    ['no keychain at all', fakeSafeStorage({ available: false }), 'linux'],
    ['Linux basic_text (a fixed key)', fakeSafeStorage({ available: true, backend: 'basic_text' }), 'linux'],
  ] as const) {
    it(`keeps the token in memory only: ${label}`, async () => {
      const dir = userData();
      const store = createTokenStore({ userDataDir: dir, cipher, platform, log: recordingLogger() });
      await store.set(TOKEN);
      expect(await store.get()).toBe(TOKEN);
      expect(readdirSync(dir)).toEqual([]);

      const afterRestart = createTokenStore({ userDataDir: dir, cipher, platform, log: recordingLogger() });
      expect(await afterRestart.get()).toBeNull();
    });
  }

  it('removes an encrypted token left from a run that had a keychain', async () => {
    const dir = userData();
    const withKeychain = fakeSafeStorage({ available: true });
    await createTokenStore({ userDataDir: dir, cipher: withKeychain, platform: 'linux', log: recordingLogger() }).set(
      'old-token',
    );
    const without = createTokenStore({
      userDataDir: dir,
      cipher: fakeSafeStorage({ available: false }),
      platform: 'linux',
      log: recordingLogger(),
    });
    expect(await without.get()).toBeNull();
    await without.set(TOKEN);
    expect(existsSync(path.join(dir, TOKEN_FILE_NAME))).toBe(false);
  });
});

describe('canEncryptTokens', () => {
  it('accepts a real keychain and refuses basic_text on Linux', () => {
    expect(canEncryptTokens(fakeSafeStorage({ available: true }), 'linux')).toBe(true);
    expect(canEncryptTokens(fakeSafeStorage({ available: true, backend: 'basic_text' }), 'linux')).toBe(false);
    expect(canEncryptTokens(fakeSafeStorage({ available: false }), 'darwin')).toBe(false);
    // The backend question exists only on Linux.
    expect(canEncryptTokens(fakeSafeStorage({ available: true, backend: 'basic_text' }), 'win32')).toBe(true);
  });
});
