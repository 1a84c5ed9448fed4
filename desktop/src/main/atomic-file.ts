/**
 * Files the shell writes for itself (settings, token, renderer stores). A crash or power loss in the
 * middle of a write must leave the previous version intact, so every write goes to a temporary file
 * beside the target, is flushed, and then renamed over it (rename is atomic on one file system). The
 * folder is flushed after the rename too: until then the new name may not survive a power loss.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** Owner-only: these files hold the session and the organisation's cached data. */
const PRIVATE_FILE_MODE = 0o600;

export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temporary, 'w', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(path.dirname(file));
}

/** Flushes a folder's entries (a rename) to the disk. Windows cannot open a folder for this, nor needs to. */
export async function syncDirectory(dir: string, platform: NodeJS.Platform = process.platform): Promise<void> {
  if (platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The file's bytes, or null when it does not exist (any other failure is the caller's to handle). */
export async function readFileIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
