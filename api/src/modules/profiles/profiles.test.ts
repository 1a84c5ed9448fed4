/**
 * Professional profiles (issue 57) over real HTTP on each engine: the specialties list, a member's
 * own profile (empty until saved, If-Match from the first save on, field messages that change
 * nothing), staff reading and editing it (members view / edit, audited), and erasure taking it away.
 */
import {
  DECLINE_REASON_REQUIRED,
  DIRECTORY_CONSENT_TEXT,
  EMPTY_PROFILE_INPUT,
  PROFILE_MESSAGES,
  type MemberProfile,
  type Specialty,
} from '@npo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { SUPER_ADMIN, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { AUDIT_TABLE } from '../audit/record.js';

describeEngines('member profiles on %s', (engine) => {
  let app: TestApp;
  let superToken: string;
  let viewerToken: string;
  let editorToken: string;
  let specialties: Specialty[];

  const profileBody = () => ({
    title: '  Registered Dietitian ',
    country: 'IN',
    city: 'Pune',
    languages: ['en', 'hi', 'en'],
    specialtyIds: [specialties[0]!.id, specialties[2]!.id],
    practiceSetting: 'private_practice',
    registrationBody: 'Indian Dietetic Association',
    registrationNumber: 'IDA-1234',
    bio: 'Twenty years with renal patients.',
    website: 'https://example.org/asha',
  });

  beforeAll(async () => {
    app = await startTestApp(engine);
    superToken = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
    const members = (view: boolean, edit: boolean) => ({ members: { view, edit, delete: false } });
    viewerToken = (await app.createUser({ role: 'admin', permissions: members(true, false) })).token;
    editorToken = (await app.createUser({ role: 'admin', permissions: members(true, true) })).token;
    const listed = await app.request('GET', '/api/specialties');
    expect(listed.status).toBe(200);
    specialties = listed.body.data;
  });
  afterAll(() => app.close());

  it('lists the specialties staff keep, by name, to anyone', () => {
    expect(specialties.length).toBeGreaterThan(5);
    const names = specialties.map((specialty) => specialty.name);
    expect(names).toContain('Sports nutrition');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  describe('the member’s own profile', () => {
    it('is empty at revision 1 until saved, then saved whole with its ETag', async () => {
      const { token } = await app.createUser({ role: 'member' });
      const empty = await app.request<{ data: MemberProfile }>('GET', '/api/account/profile', { token });
      expect(empty.status).toBe(200);
      expect(empty.headers.get('etag')).toBe('"1"');
      expect(empty.headers.get('cache-control')).toBe('private, no-store');
      expect(empty.body.data).toMatchObject({
        revision: 1,
        title: '',
        languages: [],
        specialties: [],
        updatedAt: null,
      });

      const saved = await app.request('PUT', '/api/account/profile', {
        token,
        body: profileBody(),
        headers: { 'if-match': '"1"' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.headers.get('etag')).toBe('"2"');
      expect(saved.body.message).toBe('Profile saved');
      expect(saved.body.data).toMatchObject({
        revision: 2,
        title: 'Registered Dietitian',
        country: 'IN',
        languages: ['en', 'hi'],
        specialties: [specialties[0], specialties[2]],
        practiceSetting: 'private_practice',
        website: 'https://example.org/asha',
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const read = await app.request('GET', '/api/account/profile', { token });
      expect(read.body.data).toEqual(saved.body.data);

      // The revision read before the save is stale now.
      const stale = await app.request('PUT', '/api/account/profile', {
        token,
        body: { ...profileBody(), city: 'Mumbai' },
        headers: { 'if-match': '"1"' },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('edit_conflict');
      const cleared = await app.request('PUT', '/api/account/profile', {
        token,
        body: EMPTY_PROFILE_INPUT,
        headers: { 'if-match': '"2"' },
      });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data).toMatchObject({ revision: 3, city: '', languages: [], specialties: [] });
    });

    it('refuses bad fields with their messages and changes nothing', async () => {
      const { token } = await app.createUser({ role: 'member' });
      await app.request('PUT', '/api/account/profile', { token, body: profileBody() });
      const before = (await app.request('GET', '/api/account/profile', { token })).body.data;
      const cases: [Record<string, unknown>, string, string][] = [
        [{ country: 'XX' }, 'country', PROFILE_MESSAGES.country],
        [{ languages: ['en', 'zz'] }, 'languages.1', PROFILE_MESSAGES.languages],
        [{ bio: 'a'.repeat(1001) }, 'bio', PROFILE_MESSAGES.bio],
        [{ website: 'javascript:alert(1)' }, 'website', PROFILE_MESSAGES.website],
        [{ practiceSetting: 'spa' }, 'practiceSetting', PROFILE_MESSAGES.practiceSetting],
        [{ title: 'x'.repeat(101) }, 'title', PROFILE_MESSAGES.title],
        [{ specialtyIds: [999_999] }, 'specialtyIds', PROFILE_MESSAGES.specialties],
        [{ nickname: 'Ash' }, 'body', 'Unrecognized key: "nickname"'],
        [{ city: undefined }, 'city', 'City must be text.'],
      ];
      for (const [change, field, message] of cases) {
        const refused = await app.request('PUT', '/api/account/profile', {
          token,
          body: { ...profileBody(), city: 'Changed', ...change },
        });
        expect(refused.status, field).toBe(400);
        const error = refused.body.errors.find((item: { field: string }) => item.field === field);
        expect(error, JSON.stringify(refused.body.errors)).toBeDefined();
        expect(error.message).toBe(message);
      }
      expect((await app.request('GET', '/api/account/profile', { token })).body.data).toEqual(before);
    });

    it('goes with “Download my data”', async () => {
      const { token } = await app.createUser({ role: 'member' });
      const saved = await app.request('PUT', '/api/account/profile', { token, body: profileBody() });
      const data = await app.request('GET', '/api/account/data', { token });
      expect(data.status).toBe(200);
      expect(data.body.professionalProfile).toEqual(saved.body.data);
    });

    it('needs a member’s session: 401 without one, 403 for staff', async () => {
      const body = EMPTY_PROFILE_INPUT;
      expect((await app.request('GET', '/api/account/profile')).status).toBe(401);
      expect((await app.request('PUT', '/api/account/profile', { body })).status).toBe(401);
      expect((await app.request('GET', '/api/account/profile', { token: editorToken })).status).toBe(403);
      expect((await app.request('PUT', '/api/account/profile', { token: editorToken, body })).status).toBe(403);
    });
  });

  describe('staff in the member’s detail', () => {
    it('read with members:view, edit with members:edit (If-Match, audited)', async () => {
      const { user, token } = await app.createUser({ role: 'member' });
      await app.request('PUT', '/api/account/profile', { token, body: profileBody() });
      const path = `/api/admin/members/${user.id}/profile`;
      const read = await app.request('GET', path, { token: viewerToken });
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({ city: 'Pune', revision: 2 });
      expect(read.headers.get('etag')).toBe('"2"');

      const body = { ...profileBody(), city: 'Nagpur' };
      expect((await app.request('PUT', path, { token: viewerToken, body })).status).toBe(403);
      const stale = await app.request('PUT', path, { token: editorToken, body, headers: { 'if-match': '"1"' } });
      expect(stale.status).toBe(409);
      const saved = await app.request('PUT', path, {
        token: editorToken,
        body,
        headers: { 'if-match': '"2"', 'x-request-id': `profile-${user.id}` },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ city: 'Nagpur', revision: 3 });
      const entries = await app.runtime.deps.db(AUDIT_TABLE).where({ request_id: `profile-${user.id}` });
      expect(entries).toEqual([
        expect.objectContaining({ module: 'members', action: 'update', entity_id: String(user.id) }),
      ]);
      expect(JSON.parse(entries[0]?.changes ?? '{}')).toEqual({ city: { before: 'Pune', after: 'Nagpur' } });
      // The member reads what staff saved.
      expect((await app.request('GET', '/api/account/profile', { token })).body.data.city).toBe('Nagpur');
    });

    it('answers 404 for a staff account or an unknown id, and 400 for a bad field', async () => {
      const staff = await app.createUser({ role: 'admin' });
      expect(
        (await app.request('GET', `/api/admin/members/${staff.user.id}/profile`, { token: superToken })).status,
      ).toBe(404);
      const missing = { token: superToken, body: EMPTY_PROFILE_INPUT };
      expect((await app.request('PUT', '/api/admin/members/999999/profile', missing)).status).toBe(404);
      const { user } = await app.createUser({ role: 'member' });
      const refused = await app.request('PUT', `/api/admin/members/${user.id}/profile`, {
        token: superToken,
        body: { ...EMPTY_PROFILE_INPUT, country: 'QQ' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'country', message: PROFILE_MESSAGES.country }]);
      expect(await app.runtime.deps.db('member_profiles').where({ user_id: user.id }).first()).toBeUndefined();
    });

    it('the members list and its export filter by country and by specialty', async () => {
      const sports = specialties.find((specialty) => specialty.name === 'Sports nutrition')!;
      const make = async (name: string, country: string, specialtyIds: number[]) => {
        const { token } = await app.createUser({ role: 'member', name });
        const body = { ...EMPTY_PROFILE_INPUT, country, specialtyIds };
        expect((await app.request('PUT', '/api/account/profile', { token, body })).status).toBe(200);
      };
      await make('Filter Kenyan Runner', 'KE', [sports.id]);
      await make('Filter Kenyan Cook', 'KE', []);
      await make('Filter Peruvian Runner', 'PE', [sports.id, specialties[0]!.id]);
      const names = async (query: string) => {
        const response = await app.request('GET', `/api/admin/members?limit=100&q=Filter&${query}`, {
          token: viewerToken,
        });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        return {
          names: response.body.data.members.map((member: { name: string }) => member.name),
          total: response.body.data.pagination.total,
        };
      };
      expect(await names('country=KE')).toEqual({ names: ['Filter Kenyan Cook', 'Filter Kenyan Runner'], total: 2 });
      expect(await names(`specialtyId=${sports.id}`)).toEqual({
        names: ['Filter Kenyan Runner', 'Filter Peruvian Runner'],
        total: 2,
      });
      expect(await names(`country=KE&specialtyId=${sports.id}`)).toEqual({ names: ['Filter Kenyan Runner'], total: 1 });
      // Without a search, the count is not the kept tally of all members.
      const all = await app.request('GET', '/api/admin/members?country=PE', { token: viewerToken });
      expect(all.body.data.pagination.total).toBe(1);
      const csv = await app.request('GET', `/api/admin/members/export.csv?country=KE&specialtyId=${sports.id}`, {
        token: viewerToken,
      });
      expect(csv.status).toBe(200);
      expect(String(csv.body)).toContain('Filter Kenyan Runner');
      expect(String(csv.body)).not.toContain('Filter Kenyan Cook');
      const bad = await app.request('GET', '/api/admin/members?country=XX&specialtyId=abc', { token: viewerToken });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['country', 'specialtyId']);
    });

    it('erasure removes the profile and its specialties', async () => {
      const { user, token } = await app.createUser({ role: 'member' });
      await app.request('PUT', '/api/account/profile', { token, body: profileBody() });
      expect(await app.runtime.deps.db('member_specialties').where({ user_id: user.id })).toHaveLength(2);
      const erased = await app.request('DELETE', `/api/admin/members/${user.id}`, { token: superToken });
      expect(erased.status).toBe(200);
      expect(await app.runtime.deps.db('member_profiles').where({ user_id: user.id })).toEqual([]);
      expect(await app.runtime.deps.db('member_specialties').where({ user_id: user.id })).toEqual([]);
    });
  });

  describe('the directory listing and the registration’s verification', () => {
    it('a member opts in (the consent text and date kept) and withdraws; off by default', async () => {
      const { user, token } = await app.createUser({ role: 'member' });
      const first = (await app.request('GET', '/api/account/profile', { token })).body.data;
      expect(first.listing).toEqual({ listed: false, consentedAt: null, withdrawnAt: null });
      expect(first.verification).toEqual({ status: 'pending', reason: '', decidedAt: null });

      const on = await app.request('PUT', '/api/account/profile/listing', {
        token,
        body: { listed: true },
        headers: { 'if-match': '"1"' },
      });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      expect(on.body.message).toBe('You will be listed in the directory once your registration is verified.');
      expect(on.body.data.listing).toMatchObject({ listed: true, consentedAt: expect.any(String), withdrawnAt: null });
      const row = await app.runtime.deps.db('member_profiles').where({ user_id: user.id }).first();
      expect(row!.listing_consent_text).toBe(DIRECTORY_CONSENT_TEXT);

      // A profile save leaves the choice as it is.
      const saved = await app.request('PUT', '/api/account/profile', { token, body: profileBody() });
      expect(saved.body.data.listing.listed).toBe(true);

      const stale = await app.request('PUT', '/api/account/profile/listing', {
        token,
        body: { listed: false },
        headers: { 'if-match': '"2"' },
      });
      expect(stale.status).toBe(409);
      const refused = await app.request('PUT', '/api/account/profile/listing', { token, body: { listed: 'yes' } });
      expect(refused.status).toBe(400);
      const off = await app.request('PUT', '/api/account/profile/listing', { token, body: { listed: false } });
      expect(off.body.data.listing).toMatchObject({ listed: false, withdrawnAt: expect.any(String) });
      expect(off.body.message).toBe('You are not listed in the directory.');
      expect(
        (await app.request('PUT', '/api/account/profile/listing', { token: editorToken, body: { listed: true } }))
          .status,
      ).toBe(403);
    });

    it('staff verify or decline (with a reason, mailed); a changed registration needs verifying again', async () => {
      const { user, token, email } = await app.createUser({ role: 'member', name: 'Meera Iyer' });
      await app.request('PUT', '/api/account/profile', { token, body: profileBody() });
      const path = `/api/admin/members/${user.id}/verification`;
      expect((await app.request('PUT', path, { token: viewerToken, body: { status: 'verified' } })).status).toBe(403);
      const noReason = await app.request('PUT', path, {
        token: editorToken,
        body: { status: 'declined', reason: ' ' },
      });
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toEqual([{ field: 'reason', message: DECLINE_REASON_REQUIRED }]);
      expect((await app.request('GET', '/api/account/profile', { token })).body.data.verification.status).toBe(
        'pending',
      );

      const declined = await app.request('PUT', path, {
        token: editorToken,
        body: { status: 'declined', reason: 'The number is not on the register.' },
        headers: { 'if-match': '"2"', 'x-request-id': `decline-${user.id}` },
      });
      expect(declined.status, JSON.stringify(declined.body)).toBe(200);
      expect(declined.body.data.verification).toMatchObject({
        status: 'declined',
        reason: 'The number is not on the register.',
        decidedAt: expect.any(String),
      });
      const mail = await app.smtp.waitForMail(
        (candidate) => candidate.to.includes(email) && /could not verify/.test(candidate.subject),
      );
      expect(mail.text).toContain('The reason: The number is not on the register.');
      expect(mail.text).toContain('http://site.test/account/profile');
      const entries = await app.runtime.deps.db(AUDIT_TABLE).where({ request_id: `decline-${user.id}` });
      expect(entries).toEqual([expect.objectContaining({ module: 'members', action: 'update' })]);

      const verified = await app.request('PUT', path, { token: superToken, body: { status: 'verified' } });
      expect(verified.body.data.verification).toMatchObject({ status: 'verified', reason: '' });
      expect(verified.body.message).toBe('Registration verified');
      // The same registration saved again stays verified; another number goes back to pending.
      const same = await app.request('PUT', '/api/account/profile', { token, body: { ...profileBody(), city: 'Goa' } });
      expect(same.body.data.verification.status).toBe('verified');
      const changed = await app.request('PUT', '/api/account/profile', {
        token,
        body: { ...profileBody(), registrationNumber: 'IDA-9999' },
      });
      expect(changed.body.data.verification).toEqual({ status: 'pending', reason: '', decidedAt: null });
      const bad = await app.request('PUT', path, { token: superToken, body: { status: 'approved' } });
      expect(bad.status).toBe(400);
      expect(
        (
          await app.request('PUT', '/api/admin/members/999999/verification', {
            token: superToken,
            body: { status: 'verified' },
          })
        ).status,
      ).toBe(404);
    });
  });
});
