/**
 * Durable renderer state (the persisted query cache, the offline outbox, the signed-in user) kept by
 * the shell in userData/state/<name>.json. Names come from the contract's STORE_NAMES only, so a
 * renderer can never choose a path.
 *
 * Each file has one queue: writes land in the order they were asked for (an older snapshot renamed
 * last would bring back changes already sent), and a read waits for the writes asked before it.
 * Where the OS keychain is usable (safeStorage), the files are encrypted with it; where it is not,
 * they are plain text and the renderer is told (encrypted()), so it leaves personal data out.
 *
 * The outbox is the record of work not yet on the server: a file that cannot be decrypted now (a
 * Linux keyring not unlocked yet at login, a macOS keychain denied once) is never deleted. Its read
 * is refused with STORE_LOCKED_MESSAGE, writes that would replace it are refused too, and the next
 * read tries again: once the keychain answers, the changes come back (issue 54 item 1). What the
 * other stores hold is on the server: theirs is discarded as before.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { STORE_LOCKED_MESSAGE, STORE_NAMES, type StoreName } from '../bridge/contract';
import { readFileIfPresent, writeFileAtomic } from './atomic-file';
import { UserFacingError } from './ipc';
import { describeError, type Logger } from './log';
import { canEncryptTokens, type TokenCipher } from './token-store';

export const STATE_DIR_NAME = 'state';

/** Marks a file written encrypted; anything else on disk is plain text (written without a keychain). */
export const ENCRYPTED_HEADER = Buffer.from('npo-safeStorage-1\n', 'ascii');

/** What the signed-in person read: forgotten when the session ends. The outbox waits for the next sign-in. */
export const SESSION_STORES: readonly StoreName[] = ['query-cache', 'session-user'];

/** Stores whose file is kept when it cannot be decrypted: the changes in them exist nowhere else. */
export const KEPT_WHEN_LOCKED: readonly StoreName[] = ['outbox'];

/** While a server change is applied, the old page's last writes are refused (they belong to the old server). */
export const SWITCHING_SERVERS_MESSAGE = 'The console is switching servers.';

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
  /** Writes are refused until unseal(): the server changed, and the old page may still write. */
  seal(): void;
  unseal(): void;
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
  /** Kept stores this process has read or written: their file is known to be readable now. */
  const readable = new Set<StoreName>();
  let sealed = false;

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

  /** A kept store's file this process has not read yet: a write must not replace one it cannot read. */
  async function refuseIfLocked(name: StoreName): Promise<void> {
    if (!KEPT_WHEN_LOCKED.includes(name) || readable.has(name)) return;
    await readNow(name);
  }

  async function writeNow(name: StoreName, value: string): Promise<void> {
    if (sealed) throw new UserFacingError(SWITCHING_SERVERS_MESSAGE);
    const file = fileFor(stateDir, name);
    try {
      await refuseIfLocked(name);
      if (value === '') await rm(file, { force: true });
      else if (canEncrypt()) {
        await writeFileAtomic(file, Buffer.concat([ENCRYPTED_HEADER, cipher!.encryptString(value)]));
      } else await writeFileAtomic(file, value);
      readable.add(name);
    } catch (error) {
      if (error instanceof UserFacingError) throw error;
      log.warn(`the ${name} store could not be written (${describeError(error)})`);
      throw new UserFacingError(describeWriteFailure(error));
    }
  }

  async function readNow(name: StoreName): Promise<string | null> {
    const file = fileFor(stateDir, name);
    const bytes = await readFileIfPresent(file);
    if (!bytes) {
      readable.add(name);
      return null;
    }
    if (!bytes.subarray(0, ENCRYPTED_HEADER.length).equals(ENCRYPTED_HEADER)) {
      const text = bytes.toString('utf8');
      readable.add(name);
      // Written before a keychain was usable: encrypted now, in place.
      if (canEncrypt() && !sealed) await writeNow(name, text);
      return text;
    }
    try {
      if (!canEncrypt()) throw new Error('the keychain is not available');
      const text = cipher!.decryptString(bytes.subarray(ENCRYPTED_HEADER.length));
      readable.add(name);
      return text;
    } catch (error) {
      readable.delete(name);
      if (KEPT_WHEN_LOCKED.includes(name)) {
        // Not deleted: the keychain may answer later (unlocked after login, allowed on the next ask).
        log.warn(`the ${name} store could not be decrypted (${describeError(error)}); it is kept, locked`);
        throw new UserFacingError(STORE_LOCKED_MESSAGE);
      }
      // What the other stores hold comes back from the server.
      log.warn(`the ${name} store could not be decrypted (${describeError(error)}); it is discarded`);
      await rm(file, { force: true });
      return null;
    }
  }

  // The staff member's own act (sign-out keeps the outbox; a confirmed server change drops it, locked or not).
  const forget = (names: readonly StoreName[]) =>
    Promise.all(
      names.map((name) =>
        queued(name, async () => {
          await rm(fileFor(stateDir, name), { force: true });
          readable.add(name);
        }),
      ),
    ).then(() => undefined);

  return {
    read: (name) => queued(name, () => readNow(name)),
    write: (name, value) => queued(name, () => writeNow(name, value)),
    encrypted: canEncrypt,
    forget,
    clear: () => forget(STORE_NAMES),
    flush: () => Promise.all([...queues.values()]).then(() => undefined),
    seal: () => void (sealed = true),
    unseal: () => void (sealed = false),
  };
}
