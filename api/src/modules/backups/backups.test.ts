/**
 * Backups that restore (issue 25), on SQLite (PostgreSQL is backed up with pg_dump): a copy made while
 * acknowledged writes stream in holds every write acknowledged before it started; restored into a
 * fresh DATA_DIR it serves them; a damaged file is refused and the current database stays as it was;
 * the server's daily schedule copies while it serves, and keeps BACKUP_RETAIN copies.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { startTestApp, TEST_START, type TestApp } from '../../test-support/test-app.js';
import { serveRuntime } from '../../test-support/runtime-harness.js';
import { backUpNow, RestoreRefused, restoreInto, restoreProblem } from './restore.js';
import { BACKUP_EVERY_MS } from './schedule.js';
import { backupName, listBackups, pruneBackups, sqliteFile } from './service.js';

const FAQ = { question: 'Is there a backup?', answer: 'Yes: every acknowledged write is in it.' };

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const configOf = (dataDir: string, env: Record<string, string> = {}): Config =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'backup-test-secret-that-is-long-enough-0', ...env });

describe('backups on sqlite', () => {
  let app: TestApp;
  let token: string;
  const scratch: string[] = [];
  const scratchDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'npo-backup-'));
    scratch.push(dir);
    return dir;
  };

  beforeAll(async () => {
    app = await startTestApp('sqlite');
    token = (await app.createUser({ role: 'admin', permissions: { faqs: { view: true, edit: true, delete: true } } }))
      .token;
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('copies while writes stream in: every write acknowledged before the copy started is restored', async () => {
    const dataDir = app.runtime.deps.config.dataDir;
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let index = 0; writing; index += 1) {
        const question = `Question ${index} written during the backup?`;
        const response = await app.request('POST', '/api/admin/faqs', { token, body: { ...FAQ, question } });
        expect(response.status).toBe(201);
        acknowledged.push(question);
      }
    })();
    // Let some writes land first, then copy while the writer goes on.
    while (acknowledged.length < 20) await new Promise((resolve) => setImmediate(resolve));
    const beforeCopy = [...acknowledged];
    const backup = await backUpNow(configOf(dataDir), TEST_START);
    const afterCopy = acknowledged.length;
    while (acknowledged.length < afterCopy + 5) await new Promise((resolve) => setImmediate(resolve));
    writing = false;
    await writer;

    expect(backup.file).toBe(path.join(dataDir, 'backups', backupName(TEST_START)));
    expect(restoreProblem(backup.file)).toBeUndefined();

    const fresh = scratchDir();
    const restored = restoreInto(configOf(fresh), backup.file);
    expect(restored.setAside).toBeUndefined();
    const database: TestDatabase = { engine: 'sqlite', dataDir: fresh, databaseUrl: undefined, drop: async () => {} };
    const served = await serveRuntime(database);
    try {
      const questions = await served.runtime.deps.db('faqs').pluck<string[]>('question');
      expect(questions).toEqual(expect.arrayContaining(beforeCopy));
      // A copy of one moment: not every later write, and no write twice.
      expect(questions.length).toBeLessThan(acknowledged.length);
      expect(new Set(questions).size).toBe(questions.length);
      expect((await served.request('GET', '/api/faqs')).status).toBe(200);
    } finally {
      await served.close();
    }
  });

  it('refuses a damaged file with a clear message and leaves the current database untouched', async () => {
    const source = scratchDir();
    const backup = await backUpNow(configOf(app.runtime.deps.config.dataDir), new Date(TEST_START.getTime() + 1000));
    const damaged = path.join(source, 'damaged.db');
    const bytes = readFileSync(backup.file);
    // The middle of the file overwritten: pages of tables and indexes no longer add up.
    bytes.fill(0x5a, Math.floor(bytes.length / 3), Math.floor(bytes.length / 3) + 8192);
    writeFileSync(damaged, bytes);
    const notADatabase = path.join(source, 'notes.txt');
    writeFileSync(notADatabase, 'not a database at all');

    const target = scratchDir();
    copyFileSync(backup.file, sqliteFile(target));
    const before = sha256(sqliteFile(target));
    for (const file of [damaged, notADatabase, path.join(source, 'missing.db')]) {
      expect(() => restoreInto(configOf(target), file)).toThrow(RestoreRefused);
      expect(() => restoreInto(configOf(target), file)).toThrow(/Nothing was changed\.$/);
    }
    expect(() => restoreInto(configOf(target), damaged)).toThrow(/damaged|not a usable database/);
    expect(sha256(sqliteFile(target))).toBe(before);
    expect(readdirSync(target)).toEqual(['app.db']);
  });

  it('sets the replaced database aside, and refuses a copy made by a newer version', async () => {
    const dataDir = app.runtime.deps.config.dataDir;
    const backup = await backUpNow(configOf(dataDir), new Date(TEST_START.getTime() + 2000));
    const target = scratchDir();
    copyFileSync(backup.file, sqliteFile(target));
    const replaced = sha256(sqliteFile(target));
    const restored = restoreInto(configOf(target), backup.file, TEST_START);
    expect(sha256(path.join(restored.setAside!, 'app.db'))).toBe(replaced);
    expect(sha256(sqliteFile(target))).toBe(sha256(backup.file));

    const newer = path.join(scratchDir(), 'newer.db');
    copyFileSync(backup.file, newer);
    const { default: Database } = await import('better-sqlite3');
    const connection = new Database(newer);
    connection
      .prepare("insert into knex_migrations (name, batch, migration_time) values ('29990101000000_future', 9, 0)")
      .run();
    connection.close();
    expect(restoreProblem(newer)).toMatch(/newer version of the product \(migration 29990101000000_future/);
  });

  it('says PostgreSQL is backed up with its own tools', async () => {
    const config = configOf(scratchDir(), { DATABASE_URL: 'postgres://app@db/npo' });
    await expect(backUpNow(config)).rejects.toThrow(/pg_dump/);
    expect(() => restoreInto(config, 'x.db')).toThrow(/pg_restore/);
  });

  it('keeps the newest BACKUP_RETAIN copies', () => {
    const dataDir = scratchDir();
    const dir = path.join(dataDir, 'backups');
    const days = [1, 2, 3, 4, 5].map((day) => new Date(TEST_START.getTime() + day * BACKUP_EVERY_MS));
    mkdirSync(dir);
    for (const day of days) writeFileSync(path.join(dir, backupName(day)), '');
    writeFileSync(path.join(dir, 'notes.txt'), 'left alone');
    expect(pruneBackups(dataDir, 2)).toEqual(days.slice(0, 3).reverse().map(backupName));
    expect(listBackups(dataDir).map((backup) => backup.takenAt)).toEqual([days[4], days[3]]);
    expect(existsSync(path.join(dir, 'notes.txt'))).toBe(true);
  });
});

describe('the daily backup of the server', () => {
  let database: TestDatabase;
  afterAll(async () => {
    await database?.drop();
  });

  it('copies on its thread once a day by the injected clock, and keeps BACKUP_RETAIN copies', async () => {
    database = await createTestDatabase('sqlite');
    let now = TEST_START;
    const served = await serveRuntime(database, { BACKUP_RETAIN: '2' }, { now: () => now });
    try {
      const schedule = served.runtime.backups!;
      const first = await schedule.runIfDue();
      expect(first?.takenAt).toEqual(TEST_START);
      expect(restoreProblem(first!.file)).toBeUndefined();
      // Within the day (a restart, the hourly look): no second copy.
      now = new Date(TEST_START.getTime() + BACKUP_EVERY_MS - 1);
      expect(await schedule.runIfDue()).toBeUndefined();
      for (const day of [1, 2]) {
        now = new Date(TEST_START.getTime() + day * BACKUP_EVERY_MS);
        expect((await schedule.runIfDue())?.takenAt).toEqual(now);
      }
      expect(listBackups(database.dataDir).map((backup) => backup.takenAt)).toEqual([
        new Date(TEST_START.getTime() + 2 * BACKUP_EVERY_MS),
        new Date(TEST_START.getTime() + BACKUP_EVERY_MS),
      ]);
      expect(served.logs.text()).toContain('database backed up');
    } finally {
      await served.close();
    }
  });

  it('is off on PostgreSQL and when BACKUP_SCHEDULE=false', () => {
    expect(configOf('/tmp/x', { DATABASE_URL: 'postgres://app@db/npo' }).backupSchedule).toBe(false);
    expect(configOf('/tmp/x', { BACKUP_SCHEDULE: 'false' }).backupSchedule).toBe(false);
    expect(configOf('/tmp/x').backupSchedule).toBe(true);
  });
});
