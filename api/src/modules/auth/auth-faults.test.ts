/**
 * Issue 9 item 6: writes on the sign-in path that the database refuses. Sign-in still succeeds when
 * last_login cannot be recorded; forgot-password answers its one message whatever fails. The real
 * database refuses through a trigger, as a full disk would.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/connection.js';
import { createTestDatabase, describeEngines, type Engine, type TestDatabase } from '../../test-support/databases.js';
import { serveRuntime, type ServedRuntime } from '../../test-support/runtime-harness.js';
import { FORGOT_PASSWORD_MESSAGE } from './service.js';

const ADMIN = { email: 'root@example.org', password: 'root-password-1' };

/** Makes the database refuse `event` on `table` (e.g. 'UPDATE OF last_login_at', 'INSERT'). */
async function refuseWrites(db: Db, engine: Engine, name: string, event: string, table: string): Promise<void> {
  if (engine === 'sqlite') {
    await db.raw(`create trigger ${name} before ${event} on ${table} begin select raise(abort, 'disk is full'); end`);
    return;
  }
  await db.raw(`create or replace function refuse_write() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`);
  await db.raw(`create trigger ${name} before ${event} on ${table} for each row execute function refuse_write()`);
}

describeEngines('auth when the database refuses writes on %s', (engine) => {
  let database: TestDatabase;
  let served: ServedRuntime;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    served = await serveRuntime(database, { SUPER_ADMIN_EMAIL: ADMIN.email, SUPER_ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(async () => {
    await served?.close();
    await database?.drop();
  });

  const logged = (text: string) => served.logs.entries().filter((entry) => String(entry.msg).includes(text));

  it('signs in when last_login cannot be recorded, and logs a warning', async () => {
    const db = served.runtime.deps.db;
    await refuseWrites(db, engine, 'refuse_last_login', 'update of last_login_at', 'users');
    const login = await served.request('POST', '/api/auth/login', { body: ADMIN });
    expect(login.status).toBe(200);
    expect(login.body.data.token).toEqual(expect.any(String));
    expect((await served.request('GET', '/api/auth/me', { token: login.body.data.token })).status).toBe(200);
    expect((await db('users').where({ email: ADMIN.email }).first('last_login_at'))!.last_login_at).toBeNull();
    expect(logged('sign-in succeeded but last_login was not recorded')).toHaveLength(1);
  });

  it('answers forgot-password with its one message when the reset link cannot be stored', async () => {
    await refuseWrites(served.runtime.deps.db, engine, 'refuse_tokens', 'insert', 'auth_tokens');
    const known = await served.request('POST', '/api/auth/forgot-password', { body: { email: ADMIN.email } });
    const unknown = await served.request('POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.org' } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(FORGOT_PASSWORD_MESSAGE);
    // The link's writes run after the answer (issue 19): their failure is logged once they have run.
    await served.runtime.deps.mailer.drain();
    expect(logged('forgot-password: the reset link was not sent')).toHaveLength(1);
    const outbox = path.join(database.dataDir, 'outbox');
    expect(readdirSync(database.dataDir).includes('outbox') ? readdirSync(outbox) : []).toEqual([]);
  });
});
