/**
 * The shell's own settings in userData/settings.json: the server address and the window's place.
 * The file may be missing, half-written by an older version or edited by hand; none of that may stop
 * the app, so each field that does not validate falls back to its default and nothing is thrown.
 */
import path from 'node:path';
import { z } from 'zod';
import { parseServerAddress } from '../bridge/contract';
import { readFileIfPresent, writeFileAtomic } from './atomic-file';
import { describeError, type Logger } from './log';

export const SETTINGS_FILE_NAME = 'settings.json';

const windowBoundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200).max(20_000),
  height: z.number().int().min(200).max(20_000),
  maximized: z.boolean().default(false),
});

// Only an origin the setup screen itself would have accepted, so a hand-edited file cannot widen the CSP.
const serverUrlSchema = z.string().refine((value) => {
  const parsed = parseServerAddress(value);
  return parsed.ok && parsed.origin === value;
});

const settingsSchema = z.object({
  serverUrl: serverUrlSchema.nullable().catch(null),
  windowBounds: windowBoundsSchema.nullable().catch(null),
});

export type WindowBounds = z.infer<typeof windowBoundsSchema>;
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({ serverUrl: null, windowBounds: null });

/** The settings in a file's text; anything unreadable gives the defaults. */
export function parseSettings(text: string | null): Settings {
  if (text === null) return { ...DEFAULT_SETTINGS };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
  const parsed = settingsSchema.safeParse(data);
  return parsed.success ? parsed.data : { ...DEFAULT_SETTINGS };
}

export interface SettingsStore {
  current(): Settings;
  /** Applies the change in memory at once and on disk atomically; rejects when the disk refuses. */
  update(change: Partial<Settings>): Promise<void>;
  /** Resolves once every write made so far has reached the disk (or failed). */
  flush(): Promise<void>;
}

export async function openSettingsStore(userDataDir: string, log: Logger): Promise<SettingsStore> {
  const file = path.join(userDataDir, SETTINGS_FILE_NAME);
  let settings: Settings;
  try {
    settings = parseSettings((await readFileIfPresent(file))?.toString('utf8') ?? null);
  } catch (error) {
    log.warn(`settings could not be read (${describeError(error)}); using the defaults`);
    settings = { ...DEFAULT_SETTINGS };
  }
  // Writes are chained so that two quick updates land on disk in the order they were made.
  let writes: Promise<void> = Promise.resolve();
  return {
    current: () => structuredClone(settings),
    update(change) {
      settings = { ...settings, ...change };
      const snapshot = JSON.stringify(settings, null, 2);
      const write = writes.then(() => writeFileAtomic(file, snapshot));
      writes = write.catch(() => undefined);
      return write;
    },
    flush: () => writes,
  };
}
