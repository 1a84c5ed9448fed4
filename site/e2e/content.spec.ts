/** Pages arrive as complete HTML with the active content, and a console edit shows on the next load. */
import { expect, test } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, superAdminToken } from '../../e2e/support.js';
import { open } from './helpers.js';

/** The HTML exactly as the server sends it, before any script runs. */
async function serverHtml(request: import('@playwright/test').APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return response.text();
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

test('the home page HTML holds the active About, cards, testimonials, activities, FAQs and contact details', async ({
  request,
}) => {
  const html = await serverHtml(request, '/');
  const about = (await api('GET', '/about-us')).body.data;
  const cards = (await api('GET', '/membership-cards')).body.data.cards;
  const testimonials = (await api('GET', '/testimonials')).body.data.testimonials;
  const upcoming = (await api('GET', '/activities?status=upcoming')).body.data.activities;
  const past = (await api('GET', '/activities?status=past')).body.data.activities;
  const faqs = (await api('GET', '/faqs')).body.data.faqs;
  const contact = (await api('GET', '/contact-info')).body.data;

  expect(html).toContain(escapeHtml(about.description));
  expect(html).toContain(escapeHtml(about.objectives[0].title));
  for (const card of cards) expect(html).toContain(escapeHtml(card.title));
  for (const testimonial of testimonials) expect(html).toContain(escapeHtml(testimonial.name));
  for (const activity of [...upcoming, ...past]) expect(html).toContain(escapeHtml(activity.title));
  for (const faq of faqs) expect(html).toContain(escapeHtml(faq.question));
  expect(html).toContain(escapeHtml(contact.email));
  expect(html).not.toContain('Loading');
});

test('the policy pages HTML holds the active policy and terms', async ({ request }) => {
  for (const [path, endpoint] of [
    ['/privacy-policy', '/privacy-policy'],
    ['/terms-of-service', '/terms-of-service'],
  ] as const) {
    const html = await serverHtml(request, path);
    const policy = (await api('GET', endpoint)).body.data;
    expect(html).toContain(escapeHtml(policy.title));
    expect(html).toContain(escapeHtml(policy.content.split('\n')[0]));
  }
});

test('the first paint needs no API request: the page starts from the server render', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
  expect(apiCalls).toEqual([]);
});

test('an edit made through the API appears on the next load, without a rebuild', async ({ page }) => {
  const token = await superAdminToken();
  const question = `Is this question new at ${Date.now()}?`;
  await open(page, '/connect');
  await expect(page.getByText(question)).toHaveCount(0);

  const created = await api('POST', '/admin/faqs', {
    token,
    body: { question, answer: 'Yes: it was just added through the admin API by a browser test.', isActive: true },
  });
  expect(created.status).toBe(201);
  try {
    await page.reload();
    await expect(page.getByText(question)).toBeVisible();

    const card = `Brand-new benefit ${Date.now()}`;
    const cardResponse = await api('POST', '/admin/membership-cards', {
      token,
      body: {
        type: 'Test',
        title: card,
        subtitle: 'Added by a browser test to check reloads.',
        points: [{ value: 'One point' }],
      },
    });
    expect(cardResponse.status).toBe(201);
    await open(page, '/');
    await expect(page.getByRole('heading', { name: card })).toBeVisible();
    await api('DELETE', `/admin/membership-cards/${cardResponse.body.data.id}`, { token });
    await page.reload();
    await expect(page.getByRole('heading', { name: card })).toHaveCount(0);
  } finally {
    await api('DELETE', `/admin/faqs/${created.body.data.id}`, { token });
  }
});

test('a new active About Us version replaces the About text on reload', async ({ page }) => {
  const token = await superAdminToken();
  const before = (await api('GET', '/about-us')).body.data;
  const description = `A refreshed description of the network, written at ${Date.now()} for a browser test.`;
  const created = await api('POST', '/admin/about-us', {
    token,
    body: { description, aims: before.aims, objectives: before.objectives },
  });
  expect(created.status).toBe(201);
  try {
    await open(page, '/');
    await expect(page.getByText(before.description)).toBeVisible();
    await api('PATCH', `/admin/about-us/${created.body.data.id}/activate`, { token });
    await page.reload();
    await expect(page.getByText(description)).toBeVisible();
    await expect(page.getByText(before.description)).toHaveCount(0);
  } finally {
    await api('PATCH', `/admin/about-us/${before.id}/activate`, { token });
    await api('DELETE', `/admin/about-us/${created.body.data.id}`, { token });
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a policy's numbered headings are headings, its text paragraphs (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    const token = await superAdminToken();
    const list = await api('GET', '/admin/terms-of-service?limit=100', { token });
    const before = (list.body.data.termsOfService as { id: number; isActive: boolean }[]).find((v) => v.isActive);
    const content = [
      'These terms apply to everyone.',
      '1. Membership\nMembership is free.\nIt is open to students.',
      '1.1 Students\nStudents join with their school e-mail.',
      '2. Conduct\nBe kind.',
    ].join('\n\n');
    const created = await api('POST', '/admin/terms-of-service', {
      token,
      body: { title: `Outline terms ${Date.now()}`, content, effectiveDate: '2026-01-01T00:00:00.000Z' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    try {
      expect((await api('PATCH', `/admin/terms-of-service/${id}/activate`, { token })).status).toBe(200);
      await open(page, '/terms-of-service');
      const body = page.locator('.policy__content');
      await expect(body.getByRole('heading', { level: 2 })).toHaveText(['1. Membership', '2. Conduct']);
      await expect(body.getByRole('heading', { level: 3 })).toHaveText(['1.1 Students']);
      // A paragraph keeps its single line breaks.
      await expect(body.locator('p').filter({ hasText: 'Membership is free.' })).toHaveCSS('white-space', 'pre-line');
      await expect(body.getByRole('heading', { name: 'Be kind.' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    } finally {
      if (before) await api('PATCH', `/admin/terms-of-service/${before.id}/activate`, { token });
      await api('DELETE', `/admin/terms-of-service/${id}`, { token });
    }
  });
}
