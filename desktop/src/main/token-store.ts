/**
 * The session token. Where the OS offers a keychain (safeStorage), it is kept encrypted in
 * userData/session.token and survives restarts; elsewhere it lives in memory until the app quits.
 * It is never written in plain text and never reaches localStorage.
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

  async function readFromDisk(): Promise<string | null> {
    if (!canEncryptTokens(cipher, platform)) return null;
    try {
      const encrypted = await readFileIfPresent(file);
      return encrypted ? cipher.decryptString(encrypted) : null;
    } catch (error) {
      // A token from another keychain or a damaged file: the user signs in again.
      log.warn(`the stored session could not be decrypted (${describeError(error)}); it is discarded`);
      await rm(file, { force: true });
      return null;
    }
  }

  return {
    async get() {
      if (token === undefined) token = await readFromDisk();
      return token;
    },
    async set(value) {
      token = value;
      if (canEncryptTokens(cipher, platform)) {
        await writeFileAtomic(file, cipher.encryptString(value));
      } else {
        // An older encrypted token must not come back after this session ends.
        await rm(file, { force: true });
      }
    },
    async clear() {
      token = null;
      await rm(file, { force: true });
    },
  };
}
