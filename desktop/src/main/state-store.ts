/**
 * Durable renderer state (the persisted query cache, the offline outbox, the signed-in user) kept by
 * the shell in userData/state/<name>.json. Names come from the contract's STORE_NAMES only, so a
 * renderer can never choose a path.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { STORE_NAMES, type StoreName } from '../bridge/contract';
import { readFileIfPresent, writeFileAtomic } from './atomic-file';

export const STATE_DIR_NAME = 'state';

export interface StateStore {
  read(name: StoreName): Promise<string | null>;
  write(name: StoreName, value: string): Promise<void>;
  /** Forgets every store (the server changed: its cache and outbox mean nothing elsewhere). */
  clear(): Promise<void>;
}

function fileFor(stateDir: string, name: StoreName): string {
  // The IPC layer validated the name already; this guard keeps the module safe on its own.
  if (!(STORE_NAMES as readonly string[]).includes(name)) throw new Error(`Unknown store: ${String(name)}`);
  return path.join(stateDir, `${name}.json`);
}

export function createStateStore(userDataDir: string): StateStore {
  const stateDir = path.join(userDataDir, STATE_DIR_NAME);
  return {
    async read(name) {
      const bytes = await readFileIfPresent(fileFor(stateDir, name));
      return bytes ? bytes.toString('utf8') : null;
    },
    async write(name, value) {
      await writeFileAtomic(fileFor(stateDir, name), value);
    },
    async clear() {
      await Promise.all(STORE_NAMES.map((name) => rm(fileFor(stateDir, name), { force: true })));
    },
  };
}
