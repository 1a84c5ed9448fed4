/**
 * SPEC 7's payloads, letter for letter, are enough for the server (issue 24): the console sends a few
 * fields more for its own features (isActive, isFeatured, capacity), and every one of them may be
 * left out. Each form's exact SPEC body is created with POST and saved again with PUT.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from './test-support/databases.js';
import { startTestApp, type TestApp } from './test-support/test-app.js';

const LONG_TEXT = 'These terms explain how the organisation runs its website and its membership. '.repeat(3).trim();

/** SPEC 7's admin payloads, with only the fields SPEC lists (optional ones left out). */
const ADMIN_PAYLOADS: { area: string; path: string; body: Record<string, unknown> }[] = [
  {
    area: 'membership cards (type, title, subtitle, points)',
    path: '/api/admin/membership-cards',
    body: {
      type: 'Student',
      title: 'Student membership',
      subtitle: 'For students of nutrition and dietetics.',
      points: [{ value: 'Mentoring sessions' }],
    },
  },
  {
    area: 'activities (title, description, date, location, status, tags)',
    path: '/api/admin/activities',
    body: {
      title: 'Webinar on gut health',
      description: 'An evening webinar with a clinical dietitian.',
      date: '2030-03-01T18:00:00.000Z',
      location: 'Online',
      status: 'upcoming',
      tags: ['Webinar'],
    },
  },
  {
    area: 'testimonials (name, role, quote)',
    path: '/api/admin/testimonials',
    body: { name: 'Ada Lovelace', role: 'Clinical dietitian', quote: 'The case discussions changed my practice.' },
  },
  {
    area: 'About Us (description, aims, objectives)',
    path: '/api/admin/about-us',
    body: {
      description: 'A community of nutrition professionals across borders.',
      aims: 'To share knowledge and support one another in practice.',
      objectives: [{ title: 'Case studies', description: 'Discuss real cases together every month.' }],
    },
  },
  {
    area: 'contact info (email, phone, instagram, socialLinks)',
    path: '/api/admin/contact-info',
    body: {
      email: 'hello@example.org',
      phone: '+441234567890',
      instagram: '@nutrition',
      socialLinks: { instagram: 'https://instagram.com/nutrition', facebook: '', twitter: '', linkedin: '' },
    },
  },
  {
    area: 'FAQs (question, answer, isActive, order; no category)',
    path: '/api/admin/faqs',
    body: {
      question: 'Who can join the network?',
      answer: 'Every dietitian and nutritionist, student or qualified.',
      isActive: true,
      order: 0,
    },
  },
  {
    area: 'privacy policy (title, content; no effectiveDate)',
    path: '/api/admin/privacy-policy',
    body: { title: 'Privacy Policy', content: LONG_TEXT },
  },
  {
    area: 'terms of service (title, content; no effectiveDate)',
    path: '/api/admin/terms-of-service',
    body: { title: 'Terms of Service', content: LONG_TEXT },
  },
];

describe.each(testEngines())("SPEC 7's exact payloads on %s", (engine) => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (await app.createUser({ role: 'super_admin' })).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each(ADMIN_PAYLOADS)('$area: created by POST and saved by PUT', async ({ path, body }) => {
    const created = await app.request('POST', path, { token, body });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject(body);
    const saved = await app.request('PUT', `${path}/${created.body.data.id}`, { token, body });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject(body);
  });

  it('the FAQ and policy forms: a left-out category or effective date is stored as none', async () => {
    const faq = await app.request('POST', '/api/admin/faqs', {
      token,
      body: {
        question: 'Is membership free of charge?',
        answer: 'Yes, it is free for every professional.',
        isActive: true,
      },
    });
    expect(faq.status).toBe(201);
    expect(faq.body.data.category).toBeNull();
    const policy = await app.request('POST', '/api/admin/privacy-policy', {
      token,
      body: { title: 'Privacy Policy', content: LONG_TEXT },
    });
    expect(policy.status).toBe(201);
    expect(policy.body.data.effectiveDate).toBeNull();
  });

  it('admin users (name, email, role, permissions)', async () => {
    const body = {
      name: 'Grace Hopper',
      email: 'grace.hopper@example.org',
      role: 'admin',
      permissions: { faqs: { view: true, edit: true, delete: false } },
    };
    const created = await app.request('POST', '/api/admin/users', { token, body });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: body.name, email: body.email, role: 'admin' });
    const saved = await app.request('PUT', `/api/admin/users/${created.body.data.id}`, { token, body });
    expect(saved.status).toBe(200);
    expect(saved.body.data.permissions.faqs).toEqual({ view: true, edit: true, delete: false });
  });

  it('auth: register (name, email, password), login (email, password), forgot (email), reset (password)', async () => {
    const email = 'spec.member@example.org';
    const register = await app.request('POST', '/api/auth/register', {
      body: { name: 'Spec Member', email, password: 'first-pass-1' },
    });
    expect(register.status).toBe(201);
    const login = await app.request('POST', '/api/auth/login', { body: { email, password: 'first-pass-1' } });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ user: { email }, token: expect.any(String) });

    const forgot = await app.request('POST', '/api/auth/forgot-password', { body: { email } });
    expect(forgot.status).toBe(200);
    const mail = await app.smtp.waitForMail((m) => m.to.includes(email));
    const resetToken = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(resetToken).toBeTruthy();
    const reset = await app.request('POST', `/api/auth/reset-password/${resetToken}`, {
      body: { password: 'second-pass-2' },
    });
    expect(reset.status).toBe(200);
    const again = await app.request('POST', '/api/auth/login', { body: { email, password: 'second-pass-2' } });
    expect(again.status).toBe(200);
  });
});
