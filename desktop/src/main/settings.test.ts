import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, openSettingsStore, parseSettings, SETTINGS_FILE_NAME } from './settings';
import { recordingLogger } from './test-support/fake-electron';

const BOUNDS = { x: 40, y: 30, width: 1200, height: 800, maximized: false };

describe('parseSettings', () => {
  it('reads a valid file', () => {
    const text = JSON.stringify({ serverUrl: 'https://nutrition.example.org', windowBounds: BOUNDS });
    expect(parseSettings(text)).toEqual({ serverUrl: 'https://nutrition.example.org', windowBounds: BOUNDS });
  });

  it('gives the defaults for a missing, empty or corrupt file, without throwing', () => {
    for (const text of [null, '', '{', 'not json', '\u0000\u0001', 'null', '42', '"text"', '[]']) {
      expect(parseSettings(text)).toEqual(DEFAULT_SETTINGS);
    }
  });

  it('replaces each wrongly shaped field by its default and keeps the others', () => {
    expect(parseSettings(JSON.stringify({ serverUrl: 42, windowBounds: BOUNDS }))).toEqual({
      serverUrl: null,
      windowBounds: BOUNDS,
    });
    expect(
      parseSettings(JSON.stringify({ serverUrl: 'https://a.example', windowBounds: { x: 'left', width: -5 } })),
    ).toEqual({ serverUrl: 'https://a.example', windowBounds: null });
  });

  it('drops a server address the setup screen would have refused (it would widen the CSP)', () => {
    for (const serverUrl of [
      'http://remote.example',
      'https://a.example/path',
      'https://a.example; script-src *',
      'javascript:alert(1)',
    ]) {
      expect(parseSettings(JSON.stringify({ serverUrl })).serverUrl).toBeNull();
    }
    expect(parseSettings(JSON.stringify({ serverUrl: 'http://127.0.0.1:3000' })).serverUrl).toBe(
      'http://127.0.0.1:3000',
    );
  });

  it('ignores unknown fields', () => {
    expect(parseSettings(JSON.stringify({ serverUrl: null, extra: { deep: true } }))).toEqual(DEFAULT_SETTINGS);
  });
});

describe('openSettingsStore', () => {
  const dirs: string[] = [];
  const userData = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'npo-settings-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('starts from the defaults when there is no file', async () => {
    const store = await openSettingsStore(userData(), recordingLogger());
    expect(store.current()).toEqual(DEFAULT_SETTINGS);
  });

  it('starts from the defaults when the file is corrupt', async () => {
    const dir = userData();
    writeFileSync(path.join(dir, SETTINGS_FILE_NAME), '{"serverUrl": "https://a.exa');
    const store = await openSettingsStore(dir, recordingLogger());
    expect(store.current()).toEqual(DEFAULT_SETTINGS);
  });

  it('writes atomically and reads back what it wrote', async () => {
    const dir = userData();
    const store = await openSettingsStore(dir, recordingLogger());
    await store.update({ serverUrl: 'https://nutrition.example.org' });
    await store.update({ windowBounds: BOUNDS });
    expect(store.current()).toEqual({ serverUrl: 'https://nutrition.example.org', windowBounds: BOUNDS });
    // No temporary file is left beside the settings.
    expect(readdirSync(dir)).toEqual([SETTINGS_FILE_NAME]);
    const reopened = await openSettingsStore(dir, recordingLogger());
    expect(reopened.current()).toEqual(store.current());
    expect(JSON.parse(readFileSync(path.join(dir, SETTINGS_FILE_NAME), 'utf8'))).toEqual(store.current());
  });

  it('keeps the last of several quick updates', async () => {
    const dir = userData();
    const store = await openSettingsStore(dir, recordingLogger());
    await Promise.all([
      store.update({ serverUrl: 'https://a.example' }),
      store.update({ serverUrl: 'https://b.example' }),
      store.update({ serverUrl: 'https://c.example' }),
    ]);
    await store.flush();
    expect((await openSettingsStore(dir, recordingLogger())).current().serverUrl).toBe('https://c.example');
  });

  it('hands out copies: changing one does not change the store', async () => {
    const store = await openSettingsStore(userData(), recordingLogger());
    const copy = store.current();
    copy.serverUrl = 'https://changed.example';
    expect(store.current().serverUrl).toBeNull();
  });

  it('rejects the update, leaving no temporary file, when the disk refuses the write', async () => {
    const dir = userData();
    const store = await openSettingsStore(dir, recordingLogger());
    // A folder where the file should be: the final rename fails, whoever runs the test (root included).
    mkdirSync(path.join(dir, SETTINGS_FILE_NAME, 'blocker'), { recursive: true });
    await expect(store.update({ serverUrl: 'https://b.example' })).rejects.toThrow();
    expect(readdirSync(dir)).toEqual([SETTINGS_FILE_NAME]);
    // Later writes are not blocked by the failed one.
    rmSync(path.join(dir, SETTINGS_FILE_NAME), { recursive: true });
    await store.update({ serverUrl: 'https://c.example' });
    expect((await openSettingsStore(dir, recordingLogger())).current().serverUrl).toBe('https://c.example');
  });

  it('falls back to the defaults when the file cannot be read at all', async () => {
    const dir = userData();
    // A folder where the file should be: reading it fails with EISDIR, not ENOENT.
    mkdirSync(path.join(dir, SETTINGS_FILE_NAME));
    const log = recordingLogger();
    const store = await openSettingsStore(dir, log);
    expect(store.current()).toEqual(DEFAULT_SETTINGS);
    expect(log.text()).toContain('settings could not be read');
  });
});
