/**
 * Durable renderer state (the persisted query cache, the offline outbox, the signed-in user) kept by
 * the shell in userData/state/<name>.json. Names come from the contract's STORE_NAMES only, so a
 * renderer can never choose a path.
 *
 * Each file has one queue: writes land in the order they were asked for (an older snapshot renamed
 * last would bring back changes already sent), and a read waits for the writes asked before it.
 * Where the OS keychain is usable (safeStorage), the files are encrypted with it; where it is not,
 * they are plain text and the renderer is told (encrypted()), so it leaves personal data out.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { STORE_NAMES, type StoreName } from '../bridge/contract';
import { readFileIfPresent, writeFileAtomic } from './atomic-file';
import { UserFacingError } from './ipc';
import { describeError, type Logger } from './log';
import { canEncryptTokens, type TokenCipher } from './token-store';

export const STATE_DIR_NAME = 'state';

/** Marks a file written encrypted; anything else on disk is plain text (written without a keychain). */
export const ENCRYPTED_HEADER = Buffer.from('npo-safeStorage-1\n', 'ascii');

/** What the signed-in person read: forgotten when the session ends. The outbox waits for the next sign-in. */
export const SESSION_STORES: readonly StoreName[] = ['query-cache', 'session-user'];

export interface StateStore {
  read(name: StoreName): Promise<string | null>;
  /** Replaces the store; an empty value removes its file. Rejects with a sentence when the disk refuses. */
  write(name: StoreName, value: string): Promise<void>;
  /** Whether what is written is encrypted with the OS keychain. */
  encrypted(): boolean;
  /** Removes the files of these stores. */
  forget(names: readonly StoreName[]): Promise<void>;
  /** Forgets every store (the server changed: its cache and outbox mean nothing elsewhere). */
  clear(): Promise<void>;
  /** Resolves once every write asked for so far has landed (or failed). */
  flush(): Promise<void>;
}

export interface StateStoreOptions {
  /** Electron's safeStorage; without it the files are plain text. */
  cipher?: TokenCipher;
  platform?: NodeJS.Platform;
  log?: Logger;
}

function fileFor(stateDir: string, name: StoreName): string {
  // The IPC layer validated the name already; this guard keeps the module safe on its own.
  if (!(STORE_NAMES as readonly string[]).includes(name)) throw new Error(`Unknown store: ${String(name)}`);
  return path.join(stateDir, `${name}.json`);
}

/** A sentence the console can show when a write fails; the error's code picks it, never its message. */
export function describeWriteFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'The disk is full: free some space, then try again.';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return "The console may not write in its folder on this computer: check the folder's permissions.";
  }
  return 'The change could not be saved on this computer. Check the disk, then try again.';
}

const silentLog: Logger = { info: () => {}, warn: () => {}, error: () => {} };

export function createStateStore(userDataDir: string, options: StateStoreOptions = {}): StateStore {
  const stateDir = path.join(userDataDir, STATE_DIR_NAME);
  const { cipher, log = silentLog } = options;
  const platform = options.platform ?? process.platform;
  const canEncrypt = () => cipher !== undefined && canEncryptTokens(cipher, platform);
  const queues = new Map<StoreName, Promise<unknown>>();

  /** Runs the task after everything queued on that file; a failure is the caller's, never the queue's. */
  function queued<T>(name: StoreName, task: () => Promise<T>): Promise<T> {
    try {
      fileFor(stateDir, name); // refuses an unknown name before anything is queued
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const run = (queues.get(name) ?? Promise.resolve()).then(task);
    queues.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  }

  async function writeNow(name: StoreName, value: string): Promise<void> {
    const file = fileFor(stateDir, name);
    try {
      if (value === '') await rm(file, { force: true });
      else if (canEncrypt()) {
        await writeFileAtomic(file, Buffer.concat([ENCRYPTED_HEADER, cipher!.encryptString(value)]));
      } else await writeFileAtomic(file, value);
    } catch (error) {
      log.warn(`the ${name} store could not be written (${describeError(error)})`);
      throw new UserFacingError(describeWriteFailure(error));
    }
  }

  async function readNow(name: StoreName): Promise<string | null> {
    const file = fileFor(stateDir, name);
    const bytes = await readFileIfPresent(file);
    if (!bytes) return null;
    if (!bytes.subarray(0, ENCRYPTED_HEADER.length).equals(ENCRYPTED_HEADER)) {
      const text = bytes.toString('utf8');
      // Written before a keychain was usable: encrypted now, in place.
      if (canEncrypt()) await writeNow(name, text);
      return text;
    }
    try {
      if (!canEncrypt()) throw new Error('the keychain is not available');
      return cipher!.decryptString(bytes.subarray(ENCRYPTED_HEADER.length));
    } catch (error) {
      // Another keychain, or one no longer unlocked: the data cannot come back, so it is not kept.
      log.warn(`the ${name} store could not be decrypted (${describeError(error)}); it is discarded`);
      await rm(file, { force: true });
      return null;
    }
  }

  const forget = (names: readonly StoreName[]) =>
    Promise.all(names.map((name) => queued(name, () => rm(fileFor(stateDir, name), { force: true })))).then(
      () => undefined,
    );

  return {
    read: (name) => queued(name, () => readNow(name)),
    write: (name, value) => queued(name, () => writeNow(name, value)),
    encrypted: canEncrypt,
    forget,
    clear: () => forget(STORE_NAMES),
    flush: () => Promise.all([...queues.values()]).then(() => undefined),
  };
}
