/**
 * The specialties list as staff keep it (issue 57), over real HTTP on each engine: listed with their
 * use, added, renamed and removed with members permissions, If-Match and audit entries filed under the
 * specialties; names unique in any case (409 on the field, also when two adds race); one in use is
 * refused with the count unless the caller confirms, which takes it off the profiles; an unknown
 * specialty on a profile stays a field error.
 */
import {
  EMPTY_PROFILE_INPUT,
  PROFILE_MESSAGES,
  SPECIALTY_MESSAGES,
  specialtyInUseMessage,
  type SpecialtyAdmin,
} from '@npo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { SUPER_ADMIN, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { AUDIT_TABLE } from '../audit/record.js';

describeEngines('specialties on %s', (engine) => {
  let app: TestApp;
  let superToken: string;
  let viewerToken: string;
  let editorToken: string;
  let counter = 0;
  const unique = (name: string) => `${name} ${++counter}`;

  beforeAll(async () => {
    app = await startTestApp(engine);
    superToken = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
    const members = (view: boolean, edit: boolean) => ({ members: { view, edit, delete: false } });
    viewerToken = (await app.createUser({ role: 'admin', permissions: members(true, false) })).token;
    editorToken = (await app.createUser({ role: 'admin', permissions: members(true, true) })).token;
  });
  afterAll(() => app.close());

  const add = (name: string, token = editorToken) =>
    app.request<{ data: SpecialtyAdmin; errors?: { field: string; message: string }[] }>(
      'POST',
      '/api/admin/specialties',
      { token, body: { name } },
    );
  /** The changes an audit entry recorded. */
  const changesOf = (entry: { changes: string | null } | undefined) => JSON.parse(entry?.changes ?? 'null') as unknown;
  const auditOf = (id: number) =>
    app.runtime.deps
      .db(AUDIT_TABLE)
      .where({ module: 'specialties', entity_id: String(id) })
      .orderBy('id');

  it('lists every specialty by name with its use, to members:view', async () => {
    const listed = await app.request<{ data: SpecialtyAdmin[] }>('GET', '/api/admin/specialties', {
      token: viewerToken,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.length).toBeGreaterThan(5);
    expect(listed.body.data[0]).toMatchObject({ revision: 1, profiles: 0 });
    const names = listed.body.data.map((specialty) => specialty.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect((await app.request('GET', '/api/admin/specialties')).status).toBe(401);
    const outsider = await app.createUser({
      role: 'admin',
      permissions: { faqs: { view: true, edit: true, delete: true } },
    });
    expect((await app.request('GET', '/api/admin/specialties', { token: outsider.token })).status).toBe(403);
  });

  it('adds (members:edit, audited); the public list has it at once', async () => {
    const name = unique('Lactation counselling');
    expect((await add(name, viewerToken)).status).toBe(403);
    const added = await add(`  ${name} `);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.headers.get('etag')).toBe('"1"');
    expect(added.body.data).toMatchObject({ name, revision: 1, profiles: 0 });
    const publicList = (await app.request('GET', '/api/specialties')).body.data;
    expect(publicList).toContainEqual({ id: added.body.data.id, name });
    const [entry] = await auditOf(added.body.data.id);
    expect(entry).toMatchObject({ action: 'create' });
    expect(changesOf(entry)).toEqual({ name: { after: name } });
  });

  it('refuses a name taken in any case, an empty or too long one, with the field message', async () => {
    const name = unique('Cardiac nutrition');
    const first = await add(name);
    expect(first.status).toBe(201);
    const taken = await add(name.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([{ field: 'name', message: SPECIALTY_MESSAGES.taken }]);
    for (const bad of ['   ', 'x'.repeat(81)]) {
      const refused = await add(bad);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'name', message: SPECIALTY_MESSAGES.name }]);
    }
    const other = await add(unique('Other'));
    const renamedOnto = await app.request('PUT', `/api/admin/specialties/${other.body.data.id}`, {
      token: editorToken,
      body: { name: name.toLowerCase() },
    });
    expect(renamedOnto.status).toBe(409);
    expect(renamedOnto.body.errors).toEqual([{ field: 'name', message: SPECIALTY_MESSAGES.taken }]);
  });

  it('two adds of one name at once: one is added, the other refused (the unique key decides)', async () => {
    const name = unique('Allergy care');
    const answers = await Promise.all([add(name), add(name.toLowerCase())]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await app.runtime.deps.db('specialties').where({ name_key: name.toLowerCase() })).toHaveLength(1);
  });

  it('renames at the If-Match revision (audited); profiles show the new name', async () => {
    const added = (await add(unique('Sport dietetics'))).body.data;
    const { token } = await app.createUser({ role: 'member' });
    await app.request('PUT', '/api/account/profile', {
      token,
      body: { ...EMPTY_PROFILE_INPUT, specialtyIds: [added.id] },
    });
    const name = unique('Sports dietetics');
    const path = `/api/admin/specialties/${added.id}`;
    const renamed = await app.request('PUT', path, {
      token: editorToken,
      body: { name },
      headers: { 'if-match': '"1"' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ name, revision: 2, profiles: 1 });
    expect(renamed.headers.get('etag')).toBe('"2"');
    const stale = await app.request('PUT', path, {
      token: editorToken,
      body: { name: 'Stale' },
      headers: { 'if-match': '"1"' },
    });
    expect(stale.status).toBe(409);
    expect((await app.request('GET', '/api/account/profile', { token })).body.data.specialties).toEqual([
      { id: added.id, name },
    ]);
    const entries = await auditOf(added.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(changesOf(entries[1])).toEqual({ name: { before: added.name, after: name } });
    const missing = await app.request('PUT', '/api/admin/specialties/999999', {
      token: editorToken,
      body: { name: 'X' },
    });
    expect(missing.status).toBe(404);
  });

  it('removes one no profile names (members:delete, If-Match, audited)', async () => {
    const added = (await add(unique('Unused'))).body.data;
    const path = `/api/admin/specialties/${added.id}`;
    expect((await app.request('DELETE', path, { token: editorToken })).status).toBe(403);
    expect((await app.request('DELETE', path, { token: superToken, headers: { 'if-match': '"7"' } })).status).toBe(409);
    const removed = await app.request('DELETE', path, { token: superToken, headers: { 'if-match': '"1"' } });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Specialty removed');
    expect(await app.runtime.deps.db('specialties').where({ id: added.id })).toEqual([]);
    expect((await auditOf(added.id)).map((entry) => entry.action)).toEqual(['create', 'delete']);
    expect((await app.request('DELETE', path, { token: superToken })).status).toBe(404);
  });

  it('refuses to remove one in use with the count; confirmed, takes it off the profiles', async () => {
    const added = (await add(unique('Busy'))).body.data;
    const keep = (await add(unique('Kept'))).body.data;
    const members = await Promise.all([app.createUser({ role: 'member' }), app.createUser({ role: 'member' })]);
    for (const { token } of members) {
      const saved = await app.request('PUT', '/api/account/profile', {
        token,
        body: { ...EMPTY_PROFILE_INPUT, specialtyIds: [added.id, keep.id] },
      });
      expect(saved.status).toBe(200);
    }
    const path = `/api/admin/specialties/${added.id}`;
    const refused = await app.request('DELETE', path, { token: superToken });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(specialtyInUseMessage(2));
    expect(await app.runtime.deps.db('member_specialties').where({ specialty_id: added.id })).toHaveLength(2);

    const badQuery = await app.request('DELETE', `${path}?removeFromProfiles=yes`, { token: superToken });
    expect(badQuery.status).toBe(400);

    const removed = await app.request('DELETE', `${path}?removeFromProfiles=true`, { token: superToken });
    expect(removed.status).toBe(200);
    expect(await app.runtime.deps.db('member_specialties').where({ specialty_id: added.id })).toEqual([]);
    for (const { token } of members) {
      const profile = (await app.request('GET', '/api/account/profile', { token })).body.data;
      expect(profile.specialties).toEqual([{ id: keep.id, name: keep.name }]);
    }
    const last = (await auditOf(added.id)).at(-1);
    expect(changesOf(last)).toEqual({ name: { before: added.name }, profiles: { before: 2 } });
  });

  it('a profile naming a removed or unknown specialty is refused with the field message', async () => {
    const added = (await add(unique('Gone soon'))).body.data;
    await app.request('DELETE', `/api/admin/specialties/${added.id}`, { token: superToken });
    const { token } = await app.createUser({ role: 'member' });
    const refused = await app.request('PUT', '/api/account/profile', {
      token,
      body: { ...EMPTY_PROFILE_INPUT, specialtyIds: [added.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'specialtyIds', message: PROFILE_MESSAGES.specialties }]);
  });
});
