/**
 * Tags on members and announcement segments (issue 57) over real HTTP on each engine: the tags list
 * staff keep (create, rename with If-Match, delete, names unique in any case, field messages that
 * change nothing, members view / edit / delete rights, audited), putting tags on a member and taking
 * them off, the members list filtered by tag, and a segment's count before sending equal to the mails
 * the send queues (unsubscribed and deactivated members left out as for every announcement), and a
 * segment by membership status judged on the test clock's day (2026-06-17, expiring up to 30 days on).
 */
import { SEGMENT_MESSAGES, TAG_MESSAGES, type Specialty, type Tag } from '@npo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { SUPER_ADMIN, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { AUDIT_TABLE } from '../audit/record.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEngines('member tags and segments on %s', (engine) => {
  let app: TestApp;
  let token: string;
  let viewerToken: string;
  let editorToken: string;
  let specialties: Specialty[];

  const createTag = (name: unknown, as = token) =>
    app.request('POST', '/api/admin/tags', { token: as, body: { name } });
  const setTags = (memberId: number, body: Record<string, unknown>, as = token) =>
    app.request('PATCH', `/api/admin/members/${memberId}/tags`, { token: as, body });

  async function member(name: string, extra: Record<string, unknown> = {}) {
    const { user } = await app.createUser({ role: 'member', name });
    if (Object.keys(extra).length) await app.runtime.deps.db('users').where({ id: user.id }).update(extra);
    return user.id;
  }

  async function profile(memberId: number, country: string, specialtyIds: number[] = []) {
    const response = await app.request('PUT', `/api/admin/members/${memberId}/profile`, {
      token,
      headers: { 'if-match': '"1"' },
      body: {
        title: '',
        country,
        city: '',
        languages: [],
        specialtyIds,
        practiceSetting: '',
        registrationBody: '',
        registrationNumber: '',
        bio: '',
        website: '',
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }

  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
    const members = (view: boolean, edit: boolean) => ({ members: { view, edit, delete: false } });
    viewerToken = (await app.createUser({ role: 'admin', permissions: members(true, false) })).token;
    editorToken = (await app.createUser({ role: 'admin', permissions: members(true, true) })).token;
    specialties = (await app.request('GET', '/api/specialties')).body.data;
  });
  afterAll(() => app.close());

  describe('the tags list', () => {
    it('creates, lists by name, renames with If-Match and deletes, each audited as a tag', async () => {
      const made = await createTag('  Board   members ', editorToken);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.headers.get('etag')).toBe('"1"');
      const tag = made.body.data as Tag;
      expect(tag).toMatchObject({ name: 'Board members', memberCount: 0, revision: 1 });
      expect((await createTag('Alumni')).status).toBe(201);

      const listed = await app.request('GET', '/api/admin/tags', { token: viewerToken });
      expect(listed.status).toBe(200);
      const names = (listed.body.data as Tag[]).map((item) => item.name);
      expect(names.indexOf('Alumni')).toBeLessThan(names.indexOf('Board members'));

      const stale = await app.request('PUT', `/api/admin/tags/${tag.id}`, {
        token,
        headers: { 'if-match': '"7"' },
        body: { name: 'Board' },
      });
      expect(stale.status).toBe(409);
      const renamed = await app.request('PUT', `/api/admin/tags/${tag.id}`, {
        token,
        headers: { 'if-match': '"1"' },
        body: { name: 'Board' },
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.data).toMatchObject({ name: 'Board', revision: 2 });

      const removed = await app.request('DELETE', `/api/admin/tags/${tag.id}`, {
        token,
        headers: { 'if-match': '"2"' },
      });
      expect(removed.status).toBe(200);
      expect((await app.request('GET', '/api/admin/tags', { token })).body.data).not.toContainEqual(
        expect.objectContaining({ id: tag.id }),
      );

      const entries = await app.runtime.deps.db(AUDIT_TABLE).where({ module: 'tags', entity_id: String(tag.id) });
      expect(entries.map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'update']);
    });

    it('refuses a taken name in any case, bad names and writes without the right, changing nothing', async () => {
      expect((await createTag('Volunteers')).status).toBe(201);
      const taken = await createTag('VOLUNTEERS');
      expect(taken.status).toBe(409);
      expect(taken.body.errors).toEqual([{ field: 'name', message: TAG_MESSAGES.taken }]);
      for (const name of ['', '   ', 'x'.repeat(61), 'a;b', 42, null, 'bad\u0000name']) {
        const refused = await createTag(name);
        expect(refused.status, String(name)).toBe(400);
        expect(refused.body.errors[0].field).toBe('name');
      }
      expect((await createTag('Readers', viewerToken)).status).toBe(403);
      const tags = (await app.request('GET', '/api/admin/tags', { token })).body.data as Tag[];
      expect(tags.map((tag) => tag.name).filter((name) => /volunteers|readers/i.test(name))).toEqual(['Volunteers']);
      // Deleting needs members:delete, which the editor lacks.
      const volunteers = tags.find((tag) => tag.name === 'Volunteers')!;
      const denied = await app.request('DELETE', `/api/admin/tags/${volunteers.id}`, {
        token: editorToken,
        headers: { 'if-match': '"1"' },
      });
      expect(denied.status).toBe(403);
      expect((await app.request('GET', '/api/admin/tags/999999', { token })).status).toBe(405);
    });
  });

  describe('tags on members', () => {
    it('puts tags on and takes them off, shows them in the detail and filters the list, audited on the member', async () => {
      const mentor = (await createTag('Mentor')).body.data as Tag;
      const speaker = (await createTag('Speaker')).body.data as Tag;
      const asha = await member('Asha Filtered');
      const ravi = await member('Ravi Filtered');

      const put = await setTags(asha, { add: [mentor.id, speaker.id] }, editorToken);
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body.data.tags.map((tag: Tag) => tag.name)).toEqual(['Mentor', 'Speaker']);
      // A repeat changes nothing, and records nothing.
      expect((await setTags(asha, { add: [mentor.id] })).body.data.tags).toHaveLength(2);
      expect((await setTags(ravi, { add: [mentor.id] })).status).toBe(200);
      expect((await setTags(asha, { remove: [speaker.id] })).body.data.tags).toEqual([
        { id: mentor.id, name: 'Mentor' },
      ]);

      const detail = await app.request('GET', `/api/admin/members/${asha}`, { token });
      expect(detail.body.data.tags).toEqual([{ id: mentor.id, name: 'Mentor' }]);

      const filtered = await app.request('GET', `/api/admin/members?tagId=${mentor.id}&q=filtered`, { token });
      expect(filtered.status).toBe(200);
      expect(filtered.body.data.members.map((item: { id: number }) => item.id).sort()).toEqual([asha, ravi].sort());
      const bySpeaker = await app.request('GET', `/api/admin/members?tagId=${speaker.id}`, { token });
      expect(bySpeaker.body.data.pagination.total).toBe(0);
      const listed = (await app.request('GET', '/api/admin/tags', { token })).body.data as Tag[];
      expect(listed.find((tag) => tag.id === mentor.id)?.memberCount).toBe(2);

      const entries = await app.runtime.deps
        .db(AUDIT_TABLE)
        .where({ module: 'members', entity_id: String(asha), action: 'update' })
        .orderBy('id');
      expect(entries).toHaveLength(2);
      expect(JSON.parse(entries[1]!.changes!)).toEqual({ tags: { before: ['Mentor', 'Speaker'], after: ['Mentor'] } });
    });

    it('refuses unknown tags, bad bodies, staff accounts and the viewer, changing nothing', async () => {
      const asha = await member('Asha Refused');
      const staff = await app.createUser({ role: 'admin' });
      const tag = (await createTag('Refused tag')).body.data as Tag;
      expect((await setTags(asha, { add: [999_999] })).status).toBe(400);
      expect((await setTags(asha, { add: ['x'] })).status).toBe(400);
      expect((await setTags(asha, { add: [tag.id], remove: [tag.id] })).status).toBe(400);
      expect((await setTags(asha, { add: [tag.id], extra: 1 })).status).toBe(400);
      expect((await setTags(asha, { add: [tag.id] }, viewerToken)).status).toBe(403);
      expect((await setTags(staff.user.id, { add: [tag.id] })).status).toBe(404);
      expect((await app.request('GET', '/api/admin/members?tagId=abc', { token })).status).toBe(400);
      const detail = await app.request('GET', `/api/admin/members/${asha}`, { token });
      expect(detail.body.data.tags).toEqual([]);
    });
  });

  it('erasure takes the member’s tags off with their other personal data', async () => {
    const tag = (await createTag('Erased group')).body.data as Tag;
    const id = await member('Soon Erased');
    expect((await setTags(id, { add: [tag.id] })).status).toBe(200);
    const erased = await app.request('DELETE', `/api/admin/members/${id}`, { token });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await app.runtime.deps.db('member_tags').where({ user_id: id })).toEqual([]);
    const tags = (await app.request('GET', '/api/admin/tags', { token })).body.data as Tag[];
    expect(tags.find((item) => item.id === tag.id)?.memberCount).toBe(0);
  });

  describe('announcement segments', () => {
    const reach = (body: Record<string, unknown>) =>
      app.request('POST', '/api/admin/announcements/reach', { token, body });

    it('counts a segment before saving as the send then queues it, and keeps the segment with the announcement', async () => {
      const tag = (await createTag('Renal group')).body.data as Tag;
      const specialty = specialties[0]!;
      // In the segment (tag + country + specialty): two subscribed, one unsubscribed, one deactivated.
      const inSegment = [await member('Seg One'), await member('Seg Two')];
      const unsubscribed = await member('Seg Unsub', { receive_announcements: false });
      const deactivated = await member('Seg Off', { is_active: false });
      // Out of it: the tag without the country, the country without the tag.
      const otherCountry = await member('Seg Elsewhere');
      const untagged = await member('Seg Untagged');
      for (const id of [...inSegment, unsubscribed, deactivated, otherCountry]) {
        expect((await setTags(id, { add: [tag.id] })).status).toBe(200);
      }
      for (const id of [...inSegment, unsubscribed, deactivated, untagged]) await profile(id, 'KE', [specialty.id]);
      await profile(otherCountry, 'IN', [specialty.id]);

      const segment = { tagId: tag.id, country: 'KE', specialtyId: specialty.id };
      const counted = await reach({ audience: 'members', segment });
      expect(counted.status, JSON.stringify(counted.body)).toBe(200);
      expect(counted.body.data).toEqual({ recipients: 2 });
      expect((await reach({ audience: 'members', segment: { tagId: tag.id } })).body.data).toEqual({ recipients: 3 });
      expect((await reach({ audience: 'members', segment: { country: 'KE' } })).body.data).toEqual({ recipients: 3 });

      const created = await app.request('POST', '/api/admin/announcements', {
        token,
        body: { subject: 'Renal meeting', body: 'Hello', audience: 'members', segment },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data.segment).toEqual(segment);
      const id = created.body.data.id as number;
      expect((await app.request('GET', `/api/admin/announcements/${id}/audience`, { token })).body.data).toEqual({
        recipients: 2,
      });
      const sent = await app.request('PATCH', `/api/admin/announcements/${id}/send`, {
        token,
        headers: { 'if-match': `"${created.body.data.revision}"` },
        body: { scheduledAt: null },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data.recipientCount).toBe(2);
      const queued = await app.runtime.deps.db('mail_queue').where({ announcement_id: id, kind: 'announcement' });
      const emails = await app.runtime.deps.db('users').whereIn('id', inSegment).pluck('email');
      expect(queued.map((mail) => mail.recipient).sort()).toEqual([...emails].sort());

      const entry = await app.runtime.deps
        .db(AUDIT_TABLE)
        .where({ module: 'announcements', entity_id: String(id), action: 'announcement_sent' })
        .first();
      expect(JSON.parse(entry!.changes!)).toMatchObject({ recipients: 2, segment });
    });

    it('counts a membership status on the day as the send then queues it', async () => {
      const tag = (await createTag('Renewals')).body.data as Tag;
      // The test clock's day is 2026-06-17: expiring up to 2026-07-17 (the 30-day reminder).
      const lapsed = [
        await member('Lapsed One', { renewal_date: '2026-06-16' }),
        await member('Lapsed Two', { renewal_date: '2025-12-31' }),
      ];
      await member('Lapsed Unsub', { renewal_date: '2026-01-01', receive_announcements: false });
      const expiring = await member('Expiring', { renewal_date: '2026-06-20' });
      const active = [await member('Active Far', { renewal_date: '2027-06-17' }), await member('Active Open')];
      for (const id of [...lapsed, expiring, ...active])
        expect((await setTags(id, { add: [tag.id] })).status).toBe(200);
      const count = async (segment: Record<string, unknown>) =>
        (await reach({ audience: 'members', segment })).body.data.recipients as number;

      expect(await count({ tagId: tag.id, membership: 'lapsed' })).toBe(2);
      expect(await count({ tagId: tag.id, membership: 'expiring' })).toBe(1);
      expect(await count({ tagId: tag.id, membership: 'active' })).toBe(2);
      // Judged on the day of counting: four days on, the expiring membership has lapsed too.
      app.clock.advance(4 * DAY_MS);
      try {
        expect(await count({ tagId: tag.id, membership: 'lapsed' })).toBe(3);
      } finally {
        app.clock.advance(-4 * DAY_MS);
      }

      const segment = { membership: 'lapsed' };
      const counted = await count(segment);
      expect(counted).toBe(2);
      const created = await app.request('POST', '/api/admin/announcements', {
        token,
        body: { subject: 'Time to renew', body: 'Hello', audience: 'members', segment },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data.segment).toEqual(segment);
      const id = created.body.data.id as number;
      const sent = await app.request('PATCH', `/api/admin/announcements/${id}/send`, {
        token,
        headers: { 'if-match': `"${created.body.data.revision}"` },
        body: { scheduledAt: null },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data.recipientCount).toBe(counted);
      const queued = await app.runtime.deps.db('mail_queue').where({ announcement_id: id, kind: 'announcement' });
      const emails = await app.runtime.deps.db('users').whereIn('id', lapsed).pluck('email');
      expect(queued.map((mail) => mail.recipient).sort()).toEqual([...emails].sort());
    });

    it('refuses an empty segment, unknown criteria and a segment of another audience, saving nothing', async () => {
      const before = await app.runtime.deps.db('announcements').count({ n: '*' }).first();
      const cases: [Record<string, unknown>, string, string?][] = [
        [{ audience: 'members', segment: {} }, 'segment', SEGMENT_MESSAGES.empty],
        [{ audience: 'members', segment: { country: 'XX' } }, 'segment.country', SEGMENT_MESSAGES.country],
        [{ audience: 'members', segment: { tagId: 999_999 } }, 'segment.tagId', TAG_MESSAGES.unknown],
        [{ audience: 'members', segment: { specialtyId: 999_999 } }, 'segment.specialtyId', SEGMENT_MESSAGES.specialty],
        [{ audience: 'members', segment: { tagId: 'one' } }, 'segment.tagId'],
        [{ audience: 'members', segment: { membership: 'gone' } }, 'segment.membership', SEGMENT_MESSAGES.membership],
        [{ audience: 'members', segment: { colour: 'red' } }, 'segment'],
        [{ audience: 'staff', segment: { country: 'KE' } }, 'segment', SEGMENT_MESSAGES.audience],
      ];
      for (const [body, field, message] of cases) {
        for (const response of [
          await reach(body),
          await app.request('POST', '/api/admin/announcements', { token, body: { subject: 'S', body: 'B', ...body } }),
        ]) {
          expect(response.status, JSON.stringify(body)).toBe(400);
          expect(response.body.errors[0].field, JSON.stringify(response.body)).toBe(field);
          if (message) expect(response.body.errors[0].message).toBe(message);
        }
      }
      expect(await app.runtime.deps.db('announcements').count({ n: '*' }).first()).toEqual(before);
    });
  });
});
