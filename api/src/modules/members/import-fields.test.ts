/**
 * The import's extra columns (issue 57) over real HTTP on both engines: the dry run's mapping (which
 * column fills which field, the others ignored by name), per-row field errors for unknown values,
 * the import writing profiles and tags (creating the tags it names), and an export that imports back
 * into the same profiles and tags.
 */
import type { MemberImportPreview, MemberProfile, Specialty, Tag } from '@npo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { SUPER_ADMIN, startTestApp, type TestApp } from '../../test-support/test-app.js';

const DRY_RUN = '/api/admin/members/import/dry-run';
const IMPORT = '/api/admin/members/import';

describeEngines('members import of profile columns and tags on %s', (engine) => {
  let app: TestApp;
  let token: string;
  let specialties: Specialty[];

  const dryRun = async (csv: string) => {
    const response = await app.request<{ data: MemberImportPreview }>('POST', DRY_RUN, { token, body: { csv } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  const importFile = async (csv: string) => {
    const response = await app.request('POST', IMPORT, { token, body: { csv, sendWelcomeMail: false } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  const idOf = async (email: string) => Number((await app.runtime.deps.db('users').where({ email }).first('id'))!.id);
  const profileOf = async (email: string) =>
    (await app.request('GET', `/api/admin/members/${await idOf(email)}/profile`, { token })).body.data as MemberProfile;
  const tagsOf = async (email: string) =>
    ((await app.request('GET', `/api/admin/members/${await idOf(email)}`, { token })).body.data.tags as Tag[]).map(
      (tag) => tag.name,
    );

  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
    specialties = (await app.request('GET', '/api/specialties')).body.data;
    await app.request('POST', '/api/admin/tags', { token, body: { name: 'Board' } });
  });
  afterAll(() => app?.close());

  it('dry run: shows the mapping and ignored columns, and field errors per row, writing nothing', async () => {
    const [first, second] = specialties;
    const csv = [
      'Name,E-MAIL,  Country ,City,Languages,Specialties,Practice Setting,Tags,Phone,Website',
      `Asha Rao,asha@example.org,India,Pune,en; Hindi,${first!.name}; ${second!.name.toUpperCase()},private_practice,board; Mentors,123,https://asha.example.org`,
      'Bad Country,bad-country@example.org,Narnia,,,,,,,',
      `Bad Specialty,bad-specialty@example.org,KE,,xx,Astrology,Spaceship,,,not a url`,
      'Plain Member,plain@example.org,,,,,,,,',
    ].join('\r\n');
    const preview = await dryRun(csv);
    expect(preview.mapping).toEqual({
      columns: [
        { column: 'Name', field: 'name' },
        { column: 'E-MAIL', field: 'email' },
        { column: 'Country', field: 'country' },
        { column: 'City', field: 'city' },
        { column: 'Languages', field: 'languages' },
        { column: 'Specialties', field: 'specialties' },
        { column: 'Practice Setting', field: 'practiceSetting' },
        { column: 'Tags', field: 'tags' },
        { column: 'Website', field: 'website' },
      ],
      ignored: ['Phone'],
    });
    expect(preview.newTags).toEqual(['Mentors']);
    expect(preview.counts).toEqual({ rows: 4, new: 2, existing: 0, invalid: 2 });
    expect(preview.rows[0]).toEqual({ line: 2, name: 'Asha Rao', email: 'asha@example.org', outcome: 'new' });
    expect(preview.rows[1]).toMatchObject({
      outcome: 'invalid',
      reason: 'Country: Unknown country "Narnia"',
      fieldErrors: [{ field: 'country', message: 'Unknown country "Narnia"' }],
    });
    expect(preview.rows[2]!.fieldErrors!.map((error) => error.field)).toEqual([
      'languages',
      'specialties',
      'practiceSetting',
      'website',
    ]);
    expect(await app.runtime.deps.db('users').where({ email: 'asha@example.org' }).first()).toBeUndefined();
    expect(await app.runtime.deps.db('tags').where({ name_key: 'mentors' }).first()).toBeUndefined();
  });

  it('imports the profiles and tags, creating the tags named, and the export imports back the same', async () => {
    const [first, second] = specialties;
    const csv = [
      'name,email,title,country,city,languages,specialties,practice setting,registration body,registration number,bio,website,tags',
      `Ravi Kumar,ravi@example.org,Dietitian,ke,Nairobi,"sw,en",${first!.name},Hospital or clinic,KNDI,K-77,"Renal, mostly.",https://ravi.example.org,Board;Speakers`,
      `Mina Lee,mina@example.org,,,,,${second!.name},,,,,,`,
      'No Profile,noprofile@example.org,,,,,,,,,,,',
    ].join('\r\n');
    const result = await importFile(csv);
    expect(result.imported).toBe(3);
    const ravi = await profileOf('ravi@example.org');
    expect(ravi).toMatchObject({
      revision: 2,
      title: 'Dietitian',
      country: 'KE',
      city: 'Nairobi',
      languages: ['sw', 'en'],
      specialties: [{ id: first!.id, name: first!.name }],
      practiceSetting: 'hospital',
      registrationBody: 'KNDI',
      registrationNumber: 'K-77',
      bio: 'Renal, mostly.',
      website: 'https://ravi.example.org',
      verification: { status: 'pending' },
    });
    expect(await tagsOf('ravi@example.org')).toEqual(['Board', 'Speakers']);
    expect((await profileOf('mina@example.org')).specialties).toEqual([{ id: second!.id, name: second!.name }]);
    expect((await profileOf('noprofile@example.org')).revision).toBe(1);
    const speakers = await app.runtime.deps.db('tags').where({ name_key: 'speakers' }).first();
    expect(speakers?.name).toBe('Speakers');

    // The export of these members, under the import's headers, imports back into a fresh database.
    const tag = (await app.request('GET', '/api/admin/tags', { token })).body.data.find(
      (item: Tag) => item.name === 'Speakers',
    ) as Tag;
    const exported = await fetch(`${app.baseUrl}/api/admin/members/export.csv?tagId=${tag.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const text = await exported.text();
    expect(text.split('\r\n')[0]).toBe(
      'Name,E-mail,Status,Joined at,Last sign-in,Title,Country,City,Languages,Specialties,Practice setting,Registration body,Registration number,Bio,Website,Tags,Renewal date',
    );
    expect(text).toContain('Ravi Kumar,ravi@example.org,Active');

    const other = await startTestApp(engine);
    try {
      const otherToken = (await other.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
      const preview = await other.request('POST', DRY_RUN, { token: otherToken, body: { csv: text } });
      expect(preview.body.data.mapping.ignored).toEqual(['Status', 'Joined at', 'Last sign-in']);
      expect(preview.body.data.newTags).toEqual(['Board', 'Speakers']);
      const imported = await other.request('POST', IMPORT, { token: otherToken, body: { csv: text } });
      expect(imported.body.data.imported).toBe(1);
      const id = Number((await other.runtime.deps.db('users').where({ email: 'ravi@example.org' }).first('id'))!.id);
      const back = (await other.request('GET', `/api/admin/members/${id}/profile`, { token: otherToken })).body.data;
      const { updatedAt: _a, ...original } = ravi;
      const { updatedAt: _b, ...copy } = back as MemberProfile;
      expect(copy).toEqual(original);
      const detail = await other.request('GET', `/api/admin/members/${id}`, { token: otherToken });
      expect(detail.body.data.tags.map((item: Tag) => item.name)).toEqual(['Board', 'Speakers']);
    } finally {
      await other.close();
    }
  });
});
