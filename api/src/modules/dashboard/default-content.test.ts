/**
 * Which public sections show SPEC's built-in content: exactly those whose public answer is empty
 * (the site falls back then). Checked against the public answers themselves, section by section.
 */
import { PUBLIC_SECTION_NAMES, type PublicSection } from '@npo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { sampleBodies } from '../../test-support/samples.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

const POLICIES = ['privacyPolicy', 'termsOfService'] as const;

describeEngines('default content on %s', (engine) => {
  let app: TestApp;
  let superToken: string;

  beforeAll(async () => {
    app = await startTestApp(engine);
    superToken = (await app.createUser({ role: 'super_admin' })).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const onDefaults = async (token = superToken): Promise<PublicSection[]> => {
    const response = await app.request('GET', '/api/admin/default-content', { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const dashboard = await app.request('GET', '/api/admin/dashboard', { token });
    // The dashboard lists the same sections: one place decides both.
    expect(dashboard.body.data.defaultContent).toEqual(response.body.data.sections);
    return response.body.data.sections;
  };
  const create = async (path: string, body: object): Promise<number> => {
    const response = await app.request('POST', `/api/admin/${path}`, { token: superToken, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data.id;
  };
  const publicCount = async (path: string, collection: string) =>
    (await app.request('GET', `/api/${path}`)).body.data[collection].length;

  it('is open to every admin without module permissions, 401 anonymous, 403 for members', async () => {
    const admin = await app.createUser({ role: 'admin', permissions: {} });
    const member = await app.createUser({ role: 'member' });
    expect((await app.request('GET', '/api/admin/default-content')).status).toBe(401);
    expect((await app.request('GET', '/api/admin/default-content', { token: member.token })).status).toBe(403);
    expect(await onDefaults(admin.token)).toEqual([...PUBLIC_SECTION_NAMES]);
  });

  it('follows what the public answers hold: inactive items leave a section on defaults', async () => {
    expect(await onDefaults()).toEqual([...PUBLIC_SECTION_NAMES]);

    const card = await create('membership-cards', { ...sampleBodies.card, isActive: false });
    const testimonial = await create('testimonials', { ...sampleBodies.testimonial, isActive: false });
    await create('faqs', { ...sampleBodies.faq, isActive: false });
    expect(await publicCount('membership-cards', 'cards')).toBe(0);
    expect(await publicCount('testimonials', 'testimonials')).toBe(0);
    expect(await publicCount('faqs', 'faqs')).toBe(0);
    expect(await onDefaults()).toEqual([...PUBLIC_SECTION_NAMES]);

    // The first version of a kind becomes the active one: the site shows it.
    await create('about-us', sampleBodies.about);
    expect((await app.request('GET', '/api/about-us')).status).toBe(200);
    expect(await onDefaults()).toEqual(['membershipCards', 'testimonials', 'contactInfo', 'faqs', ...POLICIES]);

    await app.request('PUT', `/api/admin/membership-cards/${card}`, {
      token: superToken,
      body: { ...sampleBodies.card, isActive: true },
    });
    expect(await publicCount('membership-cards', 'cards')).toBe(1);
    expect(await onDefaults()).toEqual(['testimonials', 'contactInfo', 'faqs', ...POLICIES]);

    await app.request('PUT', `/api/admin/testimonials/${testimonial}`, {
      token: superToken,
      body: { ...sampleBodies.testimonial, isActive: true },
    });
    await create('contact-info', sampleBodies.contact);
    await create('faqs', { ...sampleBodies.faq, question: 'Is membership free of charge?' });
    expect(await publicCount('faqs', 'faqs')).toBe(1);
    expect(await onDefaults()).toEqual([...POLICIES]);

    // The site shows its built-in policy and terms until a version of each is active.
    await create('privacy-policy', sampleBodies.policy);
    expect(await onDefaults()).toEqual(['termsOfService']);
    await create('terms-of-service', sampleBodies.policy);
    expect(await onDefaults()).toEqual([]);
  });
});
