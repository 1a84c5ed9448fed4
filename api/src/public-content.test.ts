import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPublicContent, type PublicContent } from './public-content.js';
import { seedDemoContent } from './startup/seed.js';
import { describeEngines } from './test-support/databases.js';
import { startTestApp, type TestApp } from './test-support/test-app.js';

/** The site renders from these functions, so they must answer what the public endpoints answer. */
describeEngines('public content for the server render on %s', (engine) => {
  let app: TestApp;
  let content: PublicContent;
  beforeAll(async () => {
    app = await startTestApp(engine);
    content = createPublicContent(app.runtime.deps);
  });
  afterAll(async () => {
    await app?.close();
  });

  const publicData = async (path: string) => (await app.request('GET', `/api${path}`)).body.data;

  it('answers null for each document that has no active version, and empty lists', async () => {
    expect(await content.aboutUs()).toBeNull();
    expect(await content.contactInfo()).toBeNull();
    expect(await content.privacyPolicy()).toBeNull();
    expect(await content.termsOfService()).toBeNull();
    expect(await content.faqs()).toEqual(await publicData('/faqs'));
    expect((await content.membershipCards()).cards).toEqual([]);
  });

  it('answers exactly what each public endpoint answers', async () => {
    await seedDemoContent(app.runtime.deps.db, app.clock.now());
    // Written straight to the database, past the admin API: announced as an admin write would be.
    await app.runtime.deps.contentChanges.bump();
    expect(await content.membershipCards()).toEqual(await publicData('/membership-cards'));
    expect(await content.testimonials()).toEqual(await publicData('/testimonials'));
    expect(await content.faqs()).toEqual(await publicData('/faqs'));
    expect(await content.activities('upcoming')).toEqual(await publicData('/activities?status=upcoming'));
    expect(await content.activities('past')).toEqual(await publicData('/activities?status=past'));
    expect(await content.activities()).toEqual(await publicData('/activities'));
    expect(await content.aboutUs()).toEqual(await publicData('/about-us'));
    expect(await content.contactInfo()).toEqual(await publicData('/contact-info'));
    expect(await content.privacyPolicy()).toEqual(await publicData('/privacy-policy'));
    expect(await content.termsOfService()).toEqual(await publicData('/terms-of-service'));
    expect((await content.activities('upcoming')).activities.length).toBeGreaterThan(0);
  });

  it('answers the directory as its endpoints do (issue 57)', async () => {
    const { user } = await app.createUser({ role: 'member', name: 'Listed Professional' });
    const slug = `listed-professional-${user.id}`;
    await app.runtime.deps.db('member_profiles').insert({
      user_id: user.id,
      revision: 2,
      updated_at: app.clock.now(),
      country: 'IN',
      listed: true,
      verification: 'verified',
      directory_slug: slug,
    });
    await app.runtime.deps.contentChanges.bump();
    const query = { page: 1, limit: 20, country: 'IN' };
    expect(await content.directory(query)).toEqual(await publicData('/directory?country=IN'));
    expect((await content.directory(query)).professionals).toHaveLength(1);
    expect(await content.directoryProfile(slug)).toEqual(await publicData(`/directory/${slug}`));
    expect(await content.directoryProfile('nobody-1')).toBeNull();
    expect(await content.directorySlugs()).toEqual([slug]);
    expect(await content.specialties()).toEqual(await publicData('/specialties'));
  });
});
