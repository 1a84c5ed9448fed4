/**
 * The public directory (issue 57) over real HTTP on each engine: who is listed (chose to be,
 * verified, active, not erased), the filters, the search of name and city in any case and accents,
 * paging, a professional's answer by slug (404 once not listed), the cached answers following a
 * withdrawal, deactivation or erasure at once, and "Contact this professional" relayed by mail
 * through the queue (Reply-To the visitor, the member's address nowhere in an answer), with its field
 * messages and limits. The pages, JSON-LD, sitemap and two instances: site/server/directory.test.ts.
 */
import {
  DIRECTORY_CONTACT_SENT,
  PROOF_OF_WORK_HEADER,
  proofOfWorkHeader,
  solveProofOfWork,
  type DirectoryEntry,
  type ProofOfWorkChallenge,
  type Specialty,
} from '@npo/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../lib/rate-limits.js';
import { describeEngines } from '../../test-support/databases.js';
import { SUPER_ADMIN, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { directorySlug } from './slug.js';

interface Listed {
  id: number;
  token: string;
  email: string;
  password: string;
  slug: string;
}

describeEngines('the public directory on %s', (engine) => {
  let app: TestApp;
  let superToken: string;
  let specialties: Specialty[];
  const people: Record<string, Listed> = {};

  const names = (answer: { body: { data: { professionals: DirectoryEntry[] } } }) =>
    answer.body.data.professionals.map((entry) => entry.name);

  async function directory(query = '') {
    const answer = await app.request<{ data: { professionals: DirectoryEntry[]; pagination: { total: number } } }>(
      'GET',
      `/api/directory${query}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer;
  }

  async function verify(id: number, status: 'verified' | 'pending' | 'declined') {
    const body = status === 'declined' ? { status, reason: 'The number is not on the register.' } : { status };
    const answer = await app.request('PUT', `/api/admin/members/${id}/verification`, { token: superToken, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  async function setListed(token: string, listed: boolean) {
    const answer = await app.request('PUT', '/api/account/profile/listing', { token, body: { listed } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  /** A member with a saved profile, listed and verified unless told otherwise. */
  async function professional(
    name: string,
    profile: { country?: string; city?: string; languages?: string[]; specialtyIds?: number[] } = {},
    options: { listed?: boolean; verification?: 'verified' | 'pending' | 'declined' } = {},
  ): Promise<Listed> {
    const { user, token, email, password } = await app.createUser({ role: 'member', name });
    const saved = await app.request('PUT', '/api/account/profile', {
      token,
      body: {
        title: 'Registered Dietitian',
        country: profile.country ?? 'IN',
        city: profile.city ?? 'Pune',
        languages: profile.languages ?? ['en'],
        specialtyIds: profile.specialtyIds ?? [],
        practiceSetting: 'private_practice',
        registrationBody: 'Indian Dietetic Association',
        registrationNumber: `IDA-${user.id}`,
        bio: `${name} works with families.`,
        website: '',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    if (options.listed !== false) await setListed(token, true);
    await verify(user.id, options.verification ?? 'verified');
    return { id: user.id, token, email, password, slug: directorySlug(name, user.id) };
  }

  beforeAll(async () => {
    // Senders are told apart by X-Forwarded-For, as behind the production proxy.
    app = await startTestApp(engine, { TRUST_PROXY: 'true' });
    superToken = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
    specialties = (await app.request('GET', '/api/specialties')).body.data;
    const [renal, sports] = [specialties[0]!.id, specialties[1]!.id];
    people.zoe = await professional('Zoë Müller', { country: 'DE', city: 'Köln', languages: ['de', 'en'] });
    people.joao = await professional('João Silva', {
      country: 'BR',
      city: 'São Paulo',
      languages: ['pt'],
      specialtyIds: [renal],
    });
    people.asha = await professional('Asha Rao', { languages: ['en', 'hi'], specialtyIds: [renal, sports] });
    people.bela = await professional('Bela Nagy', { country: 'HU', city: 'Budapest', languages: ['hu'] });
    people.pending = await professional('Priya Pending', {}, { verification: 'pending' });
    people.declined = await professional('Dev Declined', {}, { verification: 'declined' });
    people.unlisted = await professional('Uma Unlisted', {}, { listed: false });
  });
  afterAll(() => app.close());

  it('lists only members who chose to be listed and whose registration is verified, by name', async () => {
    const answer = await directory();
    expect(names(answer)).toEqual(['Asha Rao', 'Bela Nagy', 'João Silva', 'Zoë Müller']);
    expect(answer.body.data.pagination).toEqual({ page: 1, limit: 20, total: 4, pages: 1 });
    const asha = answer.body.data.professionals[0]!;
    expect(asha).toEqual({
      slug: people.asha!.slug,
      name: 'Asha Rao',
      title: 'Registered Dietitian',
      country: 'IN',
      city: 'Pune',
      languages: ['en', 'hi'],
      specialties: [specialties[0], specialties[1]].sort((a, b) => a!.name.localeCompare(b!.name)),
      practiceSetting: 'private_practice',
      photo: null,
    });
    // The member's address is in no public answer.
    expect(JSON.stringify(answer.body)).not.toContain('@');
  });

  it('filters by country, language and specialty, and pages', async () => {
    expect(names(await directory('?country=BR'))).toEqual(['João Silva']);
    expect(names(await directory('?language=en'))).toEqual(['Asha Rao', 'Zoë Müller']);
    expect(names(await directory(`?specialty=${specialties[0]!.id}`))).toEqual(['Asha Rao', 'João Silva']);
    expect(names(await directory(`?specialty=${specialties[1]!.id}&language=hi&country=IN`))).toEqual(['Asha Rao']);
    // The site's filter form sends the fields not chosen as empty values: "any".
    expect(names(await directory('?country=&language=&specialty=&q='))).toHaveLength(4);
    const second = await directory('?limit=3&page=2');
    expect(names(second)).toEqual(['Zoë Müller']);
    expect(second.body.data.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2 });
  });

  it('finds a part of the name or the city in any case and accents', async () => {
    expect(names(await directory('?q=zoe'))).toEqual(['Zoë Müller']);
    expect(names(await directory('?q=MULLER'))).toEqual(['Zoë Müller']);
    expect(names(await directory('?q=muller'))).toEqual(['Zoë Müller']);
    expect(names(await directory(`?q=${encodeURIComponent('müller')}`))).toEqual(['Zoë Müller']);
    expect(names(await directory(`?q=${encodeURIComponent('joão')}`))).toEqual(['João Silva']);
    expect(names(await directory('?q=sao%20pau'))).toEqual(['João Silva']);
    expect(names(await directory('?q=koln'))).toEqual(['Zoë Müller']);
    // LIKE's wildcards are plain characters; names of members not listed are not found.
    expect(names(await directory('?q=%25'))).toEqual([]);
    expect(names(await directory('?q=priya'))).toEqual([]);
  });

  it('refuses a bad filter with its field message', async () => {
    const answer = await app.request('GET', '/api/directory?country=XX&language=zz&specialty=abc');
    expect(answer.status).toBe(400);
    const fields = Object.fromEntries(
      (answer.body.errors as { field: string; message: string }[]).map((error) => [error.field, error.message]),
    );
    expect(fields).toEqual({
      country: 'Country must be an ISO 3166 country code',
      language: 'Language must be an ISO 639-1 language code',
      specialty: 'Specialty must be a specialty id',
    });
  });

  it("answers a listed professional's page by its slug, without the e-mail; 404 for anyone else", async () => {
    expect(people.zoe!.slug).toBe(`zoe-muller-${people.zoe!.id}`);
    const answer = await app.request('GET', `/api/directory/${people.zoe!.slug}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      name: 'Zoë Müller',
      registrationBody: 'Indian Dietetic Association',
      bio: 'Zoë Müller works with families.',
    });
    expect(answer.body.data).not.toHaveProperty('registrationNumber');
    expect(JSON.stringify(answer.body)).not.toContain(people.zoe!.email);
    for (const who of ['pending', 'declined', 'unlisted'] as const) {
      expect((await app.request('GET', `/api/directory/${people[who]!.slug}`)).status).toBe(404);
    }
    expect((await app.request('GET', '/api/directory/nobody-999999')).status).toBe(404);
    // Not the shape of a slug: nothing has it either.
    expect((await app.request('GET', '/api/directory/Not%20A%20Slug')).status).toBe(404);
  });

  it("gives each entry and page the member's photo's paths (null without one), gone once removed", async () => {
    const image = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const saved = await app.request('PUT', '/api/account/profile/photo', {
      token: people.bela!.token,
      body: { image: image.toString('base64') },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const photo = saved.body.data.photo as NonNullable<DirectoryEntry['photo']>;
    expect(photo.medium).toBe(`/api/photos/${photo.key}/256`);

    const photos = Object.fromEntries(
      (await directory()).body.data.professionals.map((entry) => [entry.name, entry.photo]),
    );
    expect(photos).toEqual({ 'Asha Rao': null, 'Bela Nagy': photo, 'João Silva': null, 'Zoë Müller': null });
    const page = await app.request('GET', `/api/directory/${people.bela!.slug}`);
    expect(page.body.data.photo).toEqual(photo);
    expect((await fetch(`${app.baseUrl}${photo.small}`)).headers.get('content-type')).toBe('image/webp');

    const removed = await app.request('DELETE', '/api/account/profile/photo', { token: people.bela!.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await app.request('GET', `/api/directory/${people.bela!.slug}`)).body.data.photo).toBeNull();
  });

  it('keeps the slug through a change of name and a withdrawal', async () => {
    const member = await professional('Kiran Stable');
    await setListed(member.token, false);
    expect((await app.request('GET', `/api/directory/${member.slug}`)).status).toBe(404);
    await app.runtime.deps.db('users').where({ id: member.id }).update({ name: 'Kiran Renamed' });
    await setListed(member.token, true);
    const again = await app.request('GET', `/api/directory/${member.slug}`);
    expect(again.status).toBe(200);
    expect(again.body.data.name).toBe('Kiran Renamed');
    // A write straight to the database (another tool) is followed too: the profile keeps its copy.
    expect(names(await directory('?q=kiran%20ren'))).toEqual(['Kiran Renamed']);
    await setListed(member.token, false);
  });

  /** The copies the directory orders and searches by (migration 20261206100000), as stored. */
  const storedOf = (id: number) =>
    app.runtime.deps
      .db('member_profiles')
      .where({ user_id: id })
      .first('sort_name', 'name_folded', 'city_folded') as Promise<
      { sort_name: string; name_folded: string; city_folded: string } | undefined
    >;

  // No route renames a member today (the admins screen edits staff accounts; erasure deletes the
  // profile): the database keeps the copies for whatever writes a name (a script, another tool).
  it('follows a rename of the account in its order and its search', async () => {
    const member = await professional('Abel Before', { city: 'Évora' });
    expect(await storedOf(member.id)).toEqual({
      sort_name: 'Abel Before',
      name_folded: 'abel before',
      city_folded: 'evora',
    });
    expect(names(await directory('?limit=2'))).toEqual(['Abel Before', 'Asha Rao']);
    await app.runtime.deps.db('users').where({ id: member.id }).update({ name: 'Zygmunt Ångström' });
    expect(await storedOf(member.id)).toEqual({
      sort_name: 'Zygmunt Ångström',
      name_folded: 'zygmunt angstrom',
      city_folded: 'evora',
    });
    expect(names(await directory('?limit=3'))).toEqual(['Asha Rao', 'Bela Nagy', 'João Silva']);
    expect(names(await directory('?limit=20&page=1&country=IN'))).toEqual(['Asha Rao', 'Zygmunt Ångström']);
    expect(names(await directory('?q=abel'))).toEqual([]);
    expect(names(await directory('?q=ANGSTROM'))).toEqual(['Zygmunt Ångström']);
    expect(names(await directory(`?q=${encodeURIComponent('ångström')}`))).toEqual(['Zygmunt Ångström']);
    await setListed(member.token, false);
  });

  it("follows the member's and staff's edits of the city in its search", async () => {
    const member = await professional('Chidi Mover', { city: 'Lagos' });
    expect(names(await directory('?q=lagos'))).toEqual(['Chidi Mover']);
    const profile = (body: Record<string, unknown>) => ({
      title: 'Registered Dietitian',
      country: 'IN',
      languages: ['en'],
      specialtyIds: [],
      practiceSetting: 'private_practice',
      registrationBody: 'Indian Dietetic Association',
      registrationNumber: `IDA-${member.id}`,
      bio: '',
      website: '',
      ...body,
    });
    const own = await app.request('PUT', '/api/account/profile', {
      token: member.token,
      body: profile({ city: 'Münster' }),
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await storedOf(member.id))?.city_folded).toBe('munster');
    expect(names(await directory('?q=lagos'))).toEqual([]);
    expect(names(await directory('?q=MUNSTER'))).toEqual(['Chidi Mover']);
    const staff = await app.request('PUT', `/api/admin/members/${member.id}/profile`, {
      token: superToken,
      body: profile({ city: 'Göteborg' }),
    });
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    expect((await storedOf(member.id))?.city_folded).toBe('goteborg');
    expect(names(await directory('?q=munster'))).toEqual([]);
    expect(names(await directory('?q=goteb'))).toEqual(['Chidi Mover']);
    await setListed(member.token, false);
  });

  it('an imported profile takes its name and city, and follows a rename after', async () => {
    const csv = ['Name,Email,Country,City', 'Émilie Importée,emilie.import@example.org,FR,Besançon'].join('\r\n');
    const imported = await app.request('POST', '/api/admin/members/import', {
      token: superToken,
      body: { csv, sendWelcomeMail: false },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const id = Number(
      (await app.runtime.deps.db('users').where({ email: 'emilie.import@example.org' }).first('id'))!.id,
    );
    expect(await storedOf(id)).toEqual({
      sort_name: 'Émilie Importée',
      name_folded: 'emilie importee',
      city_folded: 'besancon',
    });
    await app.runtime.deps.db('users').where({ id }).update({ name: 'Émilie Renommée' });
    expect(await storedOf(id)).toMatchObject({ sort_name: 'Émilie Renommée', name_folded: 'emilie renommee' });
  });

  // The import writes the copies itself and the trigger only checks them (migration 20261207100000):
  // a writer that gives other values (a script, another tool) still gets its accounts' values.
  it('corrects the copies a profile is inserted with when they differ from its account', async () => {
    const { db, clock } = app.runtime.deps;
    const at = clock.now();
    const account = (name: string, email: string, renewal: string | null) => ({
      name,
      email,
      role: 'member' as const,
      permissions: '{}',
      is_active: true,
      token_version: 0,
      created_at: at,
      updated_at: at,
      renewal_date: renewal,
    });
    const written: { id: number }[] = await db('users')
      .insert([
        account('Wrongly Copied', 'wrongly.copied@example.org', '2031-05-01'),
        account('Rightly Copied', 'rightly.copied@example.org', null),
      ])
      .returning('id');
    const [wrong, right] = written.map((row) => Number(row.id));
    const profile = (userId: number, copies: Record<string, unknown>) => ({
      user_id: userId,
      revision: 2,
      city: 'Évora',
      updated_at: at,
      ...copies,
      ...(engine === 'sqlite' && { city_folded: copies.sort_name === 'Rightly Copied' ? 'evora' : 'somewhere' }),
    });
    await db('member_profiles').insert([
      profile(wrong!, { sort_name: 'Someone', name_folded: 'someone', account_open: false, renewal_date: null }),
      profile(right!, { sort_name: 'Rightly Copied', name_folded: 'rightly copied', account_open: true }),
    ]);
    const copiesOf = (id: number) =>
      db('member_profiles')
        .where({ user_id: id })
        .first('sort_name', 'name_folded', 'city_folded', 'account_open', 'renewal_date');
    expect(await copiesOf(wrong!)).toEqual({
      sort_name: 'Wrongly Copied',
      name_folded: 'wrongly copied',
      city_folded: 'evora',
      account_open: engine === 'sqlite' ? 1 : true,
      renewal_date: '2031-05-01',
    });
    expect(await copiesOf(right!)).toEqual({
      sort_name: 'Rightly Copied',
      name_folded: 'rightly copied',
      city_folded: 'evora',
      account_open: engine === 'sqlite' ? 1 : true,
      renewal_date: null,
    });
  });

  describe('removal at once', () => {
    it('a withdrawal, a deactivation and an erasure each take the listing out of the cached answers', async () => {
      const member = await professional('Ravi Removed');
      const page = `/api/directory/${member.slug}`;
      const cachedList = async () => {
        await directory('?q=ravi');
        const hit = await directory('?q=ravi');
        expect(hit.headers.get('x-cache')).toBe('HIT');
        await app.request('GET', page);
        expect((await app.request('GET', page)).headers.get('x-cache')).toBe('HIT');
        return hit;
      };
      expect(names(await cachedList())).toEqual(['Ravi Removed']);

      await setListed(member.token, false);
      expect(names(await directory('?q=ravi'))).toEqual([]);
      expect((await app.request('GET', page)).status).toBe(404);

      await setListed(member.token, true);
      expect(names(await cachedList())).toEqual(['Ravi Removed']);
      const deactivated = await app.request('PATCH', `/api/admin/members/${member.id}/deactivate`, {
        token: superToken,
      });
      expect(deactivated.status).toBe(200);
      expect(names(await directory('?q=ravi'))).toEqual([]);
      expect((await app.request('GET', page)).status).toBe(404);

      const reactivated = await app.request('PATCH', `/api/admin/members/${member.id}/reactivate`, {
        token: superToken,
      });
      expect(reactivated.status).toBe(200);
      expect(names(await cachedList())).toEqual(['Ravi Removed']);
      // Staff deactivating the account from the admins screen counts as well.
      const toggled = await app.request('PATCH', `/api/admin/users/${member.id}/toggle-status`, { token: superToken });
      expect(toggled.status).toBe(200);
      expect(names(await directory('?q=ravi'))).toEqual([]);
      await app.request('PATCH', `/api/admin/users/${member.id}/toggle-status`, { token: superToken });
      expect(names(await cachedList())).toEqual(['Ravi Removed']);

      // Staff moving the registration back to pending.
      await verify(member.id, 'pending');
      expect(names(await directory('?q=ravi'))).toEqual([]);
      await verify(member.id, 'verified');
      expect(names(await cachedList())).toEqual(['Ravi Removed']);

      const session = await app.newSession(member.id);
      const closed = await app.request('POST', '/api/account/close', {
        token: session,
        body: { password: member.password },
      });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(names(await directory('?q=ravi'))).toEqual([]);
      expect((await app.request('GET', page)).status).toBe(404);
    });

    it('staff erasing the member takes the listing out too', async () => {
      const member = await professional('Esha Erased');
      await directory('?q=esha');
      expect(names(await directory('?q=esha'))).toEqual(['Esha Erased']);
      const erased = await app.request('DELETE', `/api/admin/members/${member.id}`, { token: superToken });
      expect(erased.status, JSON.stringify(erased.body)).toBe(200);
      expect(names(await directory('?q=esha'))).toEqual([]);
    });
  });

  describe('contact this professional', () => {
    const visitor = { name: 'Vera Visitor', email: 'vera@example.net', message: 'Do you see patients online?' };
    const contact = (slug: string, body: unknown, ip = '198.51.100.7', proof?: string) =>
      app.request('POST', `/api/directory/${slug}/contact`, {
        body,
        headers: { 'x-forwarded-for': ip, ...(proof && { [PROOF_OF_WORK_HEADER]: proof }) },
      });

    it('relays the message to the member through the mail queue, the visitor as Reply-To', async () => {
      const sent = await contact(people.bela!.slug, visitor);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body).toEqual({ success: true, data: null, message: DIRECTORY_CONTACT_SENT });
      expect(JSON.stringify(sent.body)).not.toContain(people.bela!.email);
      const mail = await app.smtp.waitForMail((received) => received.to.includes(people.bela!.email));
      expect(mail.headers['reply-to']).toContain('vera@example.net');
      expect(mail.subject).toBe('Message from Vera Visitor through the directory');
      expect(mail.text).toContain('Do you see patients online?');
      expect(mail.text).toContain(`/directory/${people.bela!.slug}`);
      const queued = await app.runtime.deps.db('mail_queue').where({ kind: 'directory_contact' });
      expect(queued).toHaveLength(1);
    });

    it('refuses bad input with field messages and queues nothing', async () => {
      const before = await app.count('mail_queue');
      const refused = await contact(people.bela!.slug, { name: 'V', email: 'not-an-address', message: 'short' });
      expect(refused.status).toBe(400);
      const fields = (refused.body.errors as { field: string }[]).map((error) => error.field).sort();
      expect(fields).toEqual(['email', 'message', 'name']);
      expect(refused.body.errors).toContainEqual({ field: 'email', message: 'Please enter a valid email address.' });
      expect((await contact(people.bela!.slug, { ...visitor, extra: 'x' })).status).toBe(200);
      expect(await app.count('mail_queue')).toBe(before + 1);
    });

    it('answers 404 for a professional not listed, and mails nobody', async () => {
      const before = await app.count('mail_queue');
      expect((await contact(people.pending!.slug, visitor)).status).toBe(404);
      expect((await contact('nobody-999999', visitor)).status).toBe(404);
      expect(await app.count('mail_queue')).toBe(before);
    });

    it('limits one sender address as the contact form does', async () => {
      const sender = { ...visitor, email: 'busy@example.net' };
      for (let sent = 0; sent < 5; sent += 1) {
        expect((await contact(people.joao!.slug, sender, `203.0.113.${sent + 1}`)).status).toBe(200);
      }
      const refused = await contact(people.joao!.slug, sender, '203.0.113.99');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
    });

    it('asks for a proof of work past the site-wide rate, as the contact form does', async () => {
      await contact(people.asha!.slug, { ...visitor, email: 'first@example.net' }, '192.0.2.10');
      const raised = await app.runtime.deps
        .db('rate_limits')
        .where({ rule: 'directoryContact.global', subject: '*' })
        .update({ hits: RATE_LIMITS.directoryContact.global.limit });
      expect(raised).toBe(1);
      const before = await app.count('mail_queue');
      const asked = await contact(people.asha!.slug, { ...visitor, email: 'flood@example.net' }, '192.0.2.11');
      expect(asked.status).toBe(428);
      expect(await app.count('mail_queue')).toBe(before);
      const challenge = asked.body.challenge as ProofOfWorkChallenge;
      const proof = proofOfWorkHeader(challenge, (await solveProofOfWork(challenge))!);
      const solved = await contact(people.asha!.slug, { ...visitor, email: 'flood@example.net' }, '192.0.2.11', proof);
      expect(solved.status, JSON.stringify(solved.body)).toBe(200);
      expect(await app.count('mail_queue')).toBe(before + 1);
      // A solution is spent once.
      expect((await contact(people.asha!.slug, visitor, '192.0.2.12', proof)).status).toBe(428);
    });
  });
});
