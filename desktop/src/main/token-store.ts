/**
 * The session token. Where the OS offers a keychain (safeStorage), it is kept encrypted in
 * userData/session.token and survives restarts; elsewhere it lives in memory until the app quits.
 * It is never written in plain text and never reaches localStorage. A stored token the keychain
 * cannot decrypt now (not unlocked yet, access denied once) is kept and read again next time: the
 * staff member may sign in meanwhile, which replaces it.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { SafeStorage } from 'electron';
import { readFileIfPresent, writeFileAtomic } from './atomic-file';
import { describeError, type Logger } from './log';

export const TOKEN_FILE_NAME = 'session.token';

export type TokenCipher = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> &
  Partial<Pick<SafeStorage, 'getSelectedStorageBackend'>>;

export interface TokenStore {
  get(): Promise<string | null>;
  set(token: string): Promise<void>;
  clear(): Promise<void>;
}

/**
 * On Linux without a keyring, safeStorage reports encryption as available but uses a fixed key
 * ("basic_text"): that is plain text with extra steps, so it counts as unavailable here.
 */
export function canEncryptTokens(cipher: TokenCipher, platform: NodeJS.Platform): boolean {
  if (!cipher.isEncryptionAvailable()) return false;
  return !(platform === 'linux' && cipher.getSelectedStorageBackend?.() === 'basic_text');
}

export function createTokenStore(options: {
  userDataDir: string;
  cipher: TokenCipher;
  platform: NodeJS.Platform;
  log: Logger;
}): TokenStore {
  const { cipher, platform, log } = options;
  const file = path.join(options.userDataDir, TOKEN_FILE_NAME);
  // undefined: not read from disk yet; null: no session.
  let token: string | null | undefined;

  /** The token on disk; undefined when there is one that cannot be decrypted now (kept, asked again later). */
  async function readFromDisk(): Promise<string | null | undefined> {
    try {
      const encrypted = await readFileIfPresent(file);
      if (!encrypted) return null;
      if (!canEncryptTokens(cipher, platform)) throw new Error('the keychain is not available');
      return cipher.decryptString(encrypted);
    } catch (error) {
      // Never deleted: a keychain locked at login or denied once answers later.
      log.warn(`the stored session could not be decrypted (${describeError(error)}); it is kept`);
      return undefined;
    }
  }

  return {
    async get() {
      if (token === undefined) token = await readFromDisk();
      return token ?? null;
    },
    async set(value) {
      token = value;
      if (canEncryptTokens(cipher, platform)) {
        await writeFileAtomic(file, cipher.encryptString(value));
      } else {
        // The new session lives in memory: an older token on disk must not come back after it ends.
        await rm(file, { force: true });
      }
    },
    async clear() {
      token = null;
      await rm(file, { force: true });
    },
  };
}
