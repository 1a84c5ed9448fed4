/**
 * The accounts search below the trigram indexes' reach: one or two characters still match anywhere in
 * the name or e-mail, in any case and accents, with % and _ as plain characters; the count stops at
 * SHORT_SEARCH_COUNT, the total staying exact below it and a lower bound above it that always reaches
 * one page past the page shown. The stored folded name (migration 20261123170000) follows a rename.
 */
import type { User } from '@npo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { SUPER_ADMIN, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { AUDIT_TABLE } from '../audit/record.js';
import { SHORT_SEARCH_COUNT } from './repository.js';

/** More members than the count goes to on its first pages: "Qxé 0000" … "Qxé 1119". */
const BULK = SHORT_SEARCH_COUNT + 120;
/** Rows per INSERT: SQLite caps a compound SELECT at 500 terms. */
const BATCH = 400;

interface ListData {
  users: User[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

describeEngines('accounts search on %s', (engine) => {
  let app: TestApp;
  let token: string;

  const list = async (query: string): Promise<ListData> => {
    const response = await app.request('GET', `/api/admin/users?${query}`, { token });
    expect(response.status, query).toBe(200);
    return response.body.data;
  };
  const idsOf = async (query: string) => (await list(query)).users.map((user) => user.id).sort((a, b) => a - b);

  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('finds one or two characters anywhere in the name or e-mail, in any case and accents', async () => {
    const member = async (name: string, email: string) =>
      (await app.createUser({ role: 'member', name, email })).user.id;
    const renee = await member('Renée Lefèvre', 'rl@example.org');
    const soren = await member('Søren Dvořák', 'sd@example.org');
    const under = await member('Ida Nash', 'ida_n@example.org');
    const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);

    expect(await idsOf('role=member&search=EE')).toEqual([renee]); // "Renée", stored with an accent
    expect(await idsOf('role=member&search=%C3%A9e')).toEqual([renee]); // "ée", searched with one
    expect(await idsOf('role=member&search=RE')).toEqual(sorted(renee, soren)); // "Renée", "Søren"
    expect(await idsOf('role=member&search=vr')).toEqual([renee]); // inside a word
    expect(await idsOf('role=member&search=ak')).toEqual([soren]); // "Dvořák": the end of the name
    expect(await idsOf('role=member&search=%C3%98')).toEqual([soren]); // "Ø" does not decompose
    expect(await idsOf('role=member&search=sd')).toEqual([soren]); // the e-mail
    expect(await idsOf('role=member&search=k')).toEqual([soren]); // one character
    expect(await idsOf('role=member&search=_')).toEqual([under]); // _ is a character, not "any one"
    expect(await idsOf('role=member&search=%25')).toEqual([]); // so is %
    expect((await list('role=member&search=EE')).pagination).toEqual({ page: 1, limit: 50, total: 1, pages: 1 });
  });

  it('counts a short search up to SHORT_SEARCH_COUNT, and always one page past the page shown', async () => {
    const now = app.clock.now();
    const rows = Array.from({ length: BULK }, (_, index) => ({
      name: `Qxé ${String(index).padStart(4, '0')}`,
      email: `bulk${index}@example.org`,
      role: 'member' as const,
      created_at: now,
      updated_at: now,
    }));
    for (let start = 0; start < BULK; start += BATCH)
      await app.runtime.deps.db('users').insert(rows.slice(start, start + BATCH));

    // "xe" (two characters, the accent left out): every bulk member, none of the others.
    const first = await list('role=member&search=XE');
    expect(first.pagination).toEqual({ page: 1, limit: 50, total: SHORT_SEARCH_COUNT, pages: 20 });
    expect(first.users.map((user) => user.name)).toEqual(rows.slice(0, 50).map((row) => row.name));
    const twentieth = await list('role=member&search=XE&page=20');
    expect(twentieth.pagination).toEqual({ page: 20, limit: 50, total: SHORT_SEARCH_COUNT + 1, pages: 21 });
    expect(twentieth.users[0]!.name).toBe('Qxé 0950');
    // Once the count reaches the end of the matches, the total is exact again.
    const last = await list('role=member&search=XE&limit=100&page=12');
    expect(last.pagination).toEqual({ page: 12, limit: 100, total: BULK, pages: 12 });
    expect(last.users.map((user) => user.name)).toEqual(rows.slice(1_100).map((row) => row.name));
    const pastTheEnd = await list('role=member&search=XE&page=30');
    expect(pastTheEnd).toEqual({ users: [], pagination: { page: 30, limit: 50, total: BULK, pages: 23 } });
    // Three characters reach the trigram index: counted to the end.
    expect((await list('role=member&search=QX%C3%89')).pagination.total).toBe(BULK);
  });

  it('follows a renamed account, leaving the folded name out of the audit entry', async () => {
    const admin = await app.createUser({ role: 'admin', name: 'Annika Holm', email: 'ah@example.org' });
    const response = await app.request('PUT', `/api/admin/users/${admin.user.id}`, {
      token,
      body: { name: 'Zoë Holm', email: 'ah@example.org', role: 'admin', permissions: {} },
    });
    expect(response.status).toBe(200);
    expect(await idsOf('search=zo')).toEqual([admin.user.id]);
    expect(await idsOf('search=zoe%20h')).toEqual([admin.user.id]);
    expect(await idsOf('search=nn')).toEqual([]);
    expect(await idsOf('search=annika')).toEqual([]);
    const entry = await app.runtime.deps
      .db(AUDIT_TABLE)
      .where({ entity_id: String(admin.user.id) })
      .orderBy('id', 'desc')
      .first();
    const changes = JSON.parse(entry!.changes ?? 'null');
    expect(changes.name).toEqual({ before: 'Annika Holm', after: 'Zoë Holm' });
    expect(changes).not.toHaveProperty('name_folded');
  });
});
