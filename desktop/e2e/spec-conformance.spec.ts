/**
 * Issue 24, the console: SPEC 8's failure texts on the admin auth screens, SPEC 7's payload of every
 * form, and SPEC 2's dashboard samples for a partial answer.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectSpecPayload, FAILURE_CASES, fulfilFailure, nextBody } from '../../e2e/spec-answers.js';
import { answerConfirm, expectToast, openAs, unique, uniqueEmail } from './console.js';

/**
 * A creation's body: SPEC 7's fields, and the client id every console creation carries (DESIGN habit
 * 17), a UUID the server keeps unique so that a replay, however late, finds the row it made.
 */
function expectCreationPayload(body: Record<string, unknown>, spec: Record<string, unknown>, extras: string[] = []) {
  expect(body.clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expectSpecPayload(body, spec, [...extras, 'clientId']);
}

const VALID_TOKEN_CHECK = JSON.stringify({ success: true, data: { valid: true, email: 'staff@example.org' } });

interface AuthScreen {
  name: string;
  fallback: string;
  /** The API path of the call that fails. */
  route: string;
  open(page: Page): Promise<void>;
  submit(page: Page): Promise<void>;
}

const AUTH_SCREENS: AuthScreen[] = [
  {
    name: 'admin login',
    fallback: 'Login failed',
    route: '**/api/auth/login',
    open: async (page) => {
      await page.goto('/admin/login');
    },
    submit: async (page) => {
      await page.getByLabel('Email').fill('staff@example.org');
      await page.getByLabel('Password', { exact: true }).fill('secret-123');
      await page.getByRole('button', { name: 'Sign In' }).click();
    },
  },
  {
    name: 'admin forgot password',
    fallback: 'Failed to send reset email. Please try again.',
    route: '**/api/auth/forgot-password',
    open: async (page) => {
      await page.goto('/admin/forgot-password');
    },
    submit: async (page) => {
      await page.getByLabel('Email').fill('staff@example.org');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
    },
  },
  {
    name: 'admin reset password',
    fallback: 'Failed to reset password. Please try again.',
    route: '**/api/auth/reset-password/**',
    open: async (page) => {
      await page.goto('/admin/reset-password?token=routed-token');
    },
    submit: async (page) => {
      await page.getByLabel('New Password').fill('new-secret-1');
      await page.getByLabel('Confirm Password').fill('new-secret-1');
      await page.getByRole('button', { name: 'Reset Password' }).click();
    },
  },
];

test.describe('SPEC 8: the server message (data.data.message, then data.message), else the fallback', () => {
  for (const screen of AUTH_SCREENS) {
    for (const failure of FAILURE_CASES) {
      test(`${screen.name}: ${failure.name}`, async ({ page }) => {
        await page.route(screen.route, (route) =>
          route.request().method() === 'GET'
            ? route.fulfill({ contentType: 'application/json', body: VALID_TOKEN_CHECK })
            : fulfilFailure(route, failure),
        );
        await screen.open(page);
        await screen.submit(page);
        await expect(page.locator('form').getByRole('alert')).toHaveText(failure.shows ?? screen.fallback);
      });
    }

    test(`${screen.name}: no answer at all says the server cannot be reached`, async ({ page }) => {
      await page.route(screen.route, (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ contentType: 'application/json', body: VALID_TOKEN_CHECK })
          : route.abort('internetdisconnected'),
      );
      await screen.open(page);
      await screen.submit(page);
      await expect(page.locator('form').getByRole('alert')).toHaveText(
        'Could not reach the server. Check your connection and try again.',
      );
    });
  }
});

test.describe("SPEC 7: each console form's request body", () => {
  test('admin login, forgot password and reset send email, password / email / password', async ({ page }) => {
    await page.route('**/api/auth/**', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ contentType: 'application/json', body: VALID_TOKEN_CHECK })
        : route.fulfill({ status: 400, contentType: 'application/json', body: '{"message":"Routed"}' }),
    );
    await page.goto('/admin/login');
    let body = nextBody(page, 'POST', '/auth/login');
    await page.getByLabel('Email').fill('staff@example.org');
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    expectSpecPayload(await body, { email: 'staff@example.org', password: 'secret-123' });

    await page.goto('/admin/forgot-password');
    body = nextBody(page, 'POST', '/auth/forgot-password');
    await page.getByLabel('Email').fill('staff@example.org');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    expectSpecPayload(await body, { email: 'staff@example.org' });

    await page.goto('/admin/reset-password?token=routed-token');
    body = nextBody(page, 'POST', '/auth/reset-password/routed-token');
    await page.getByLabel('New Password').fill('new-secret-1');
    await page.getByLabel('Confirm Password').fill('new-secret-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    expectSpecPayload(await body, { password: 'new-secret-1' });
  });

  test('membership card: type, title, subtitle, points (and isActive)', async ({ page }) => {
    await openAs(page, '/membership');
    await page.getByRole('button', { name: 'Add Card' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Membership Card' });
    const title = unique('Payload Card');
    await dialog.getByLabel('Type').fill('Research');
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog.getByLabel('Subtitle').fill('Access to shared research and datasets.');
    await dialog.getByRole('textbox', { name: 'Point 1' }).fill('Monthly journal club');
    const body = nextBody(page, 'POST', '/admin/membership-cards');
    await dialog.getByRole('button', { name: 'Create Card' }).click();
    expectCreationPayload(
      await body,
      {
        type: 'Research',
        title,
        subtitle: 'Access to shared research and datasets.',
        points: [{ value: 'Monthly journal club' }],
      },
      ['isActive'],
    );
    await expect(dialog).toBeHidden();
  });

  test('activity: title, description, date, location, status, tags (and capacity, CPD hours); empty tags dropped', async ({
    page,
  }) => {
    await openAs(page, '/activities');
    await page.getByRole('button', { name: 'Add Activity' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Activity' });
    const title = unique('Payload Webinar');
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog.getByLabel('Description').fill('A webinar about nutrition in practice.');
    await dialog.getByLabel('Date and time (India Standard Time)').fill('2031-03-04T09:30');
    await dialog.getByLabel('Location').fill('Online');
    await dialog.getByRole('textbox', { name: 'Tag 1' }).fill('Webinar');
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    const body = nextBody(page, 'POST', '/admin/activities');
    await dialog.getByRole('button', { name: 'Create Activity' }).click();
    expectCreationPayload(
      await body,
      {
        title,
        description: 'A webinar about nutrition in practice.',
        date: '2031-03-04T09:30:00.000Z',
        location: 'Online',
        status: 'upcoming',
        tags: ['Webinar'],
      },
      // Beyond SPEC 7: the capacity, and the CPD hours of issue 58 (null when left empty).
      ['capacity', 'cpdHours'],
    );
    await expect(dialog).toBeHidden();
  });

  test('testimonial: name, role, quote (and isActive, isFeatured)', async ({ page }) => {
    await openAs(page, '/testimonials');
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Testimonial' });
    const name = unique('Payload Person');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Role').fill('Clinical Dietitian, Kenya');
    await dialog.getByLabel('Quote').fill('The network opened doors to colleagues worldwide.');
    const body = nextBody(page, 'POST', '/admin/testimonials');
    await dialog.getByRole('button', { name: 'Create Testimonial' }).click();
    expectCreationPayload(
      await body,
      { name, role: 'Clinical Dietitian, Kenya', quote: 'The network opened doors to colleagues worldwide.' },
      ['isActive', 'isFeatured'],
    );
    await expect(dialog).toBeHidden();
  });

  test('About Us: description, aims, objectives', async ({ page }) => {
    await openAs(page, '/about');
    await page.getByRole('button', { name: 'New Version' }).click();
    const dialog = page.getByRole('dialog', { name: 'New About Us Version' });
    await dialog.getByRole('button', { name: 'Start blank' }).click();
    const description = unique('A payload description of the organisation');
    await dialog.getByLabel('Description').first().fill(description);
    await dialog.getByLabel('Aims').fill('To raise the standard of nutrition care everywhere.');
    await dialog.getByLabel('Objective 1 title').fill('Education');
    await dialog.getByLabel('Objective 1 description').fill('Courses and webinars for members.');
    const body = nextBody(page, 'POST', '/admin/about-us');
    await dialog.getByRole('button', { name: 'Create Version' }).click();
    expectCreationPayload(await body, {
      description,
      aims: 'To raise the standard of nutrition care everywhere.',
      objectives: [{ title: 'Education', description: 'Courses and webinars for members.' }],
    });
    await expect(dialog).toBeHidden();
  });

  test('contact info: email, phone, instagram, socialLinks', async ({ page }) => {
    await openAs(page, '/connect');
    await page.getByRole('button', { name: 'New Version' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Contact Information Version' });
    await dialog.getByRole('button', { name: 'Start blank' }).click();
    const email = uniqueEmail('payload');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('+44 20 7946 0000');
    await dialog.getByLabel('Instagram handle').fill('@gnn_test');
    await dialog.getByLabel('Facebook URL').fill('https://facebook.com/gnn');
    const body = nextBody(page, 'POST', '/admin/contact-info');
    await dialog.getByRole('button', { name: 'Create Version' }).click();
    expectCreationPayload(await body, {
      email,
      phone: '+44 20 7946 0000',
      instagram: '@gnn_test',
      socialLinks: { instagram: '', facebook: 'https://facebook.com/gnn', twitter: '', linkedin: '' },
    });
    await expect(dialog).toBeHidden();
  });

  test('FAQ: question, answer, isActive, order; category only when non-empty', async ({ page }) => {
    await openAs(page, '/faqs');
    await expect(page.getByRole('list', { name: 'FAQs' })).toBeVisible();
    await page.getByRole('button', { name: 'Add FAQ' }).click();
    let dialog = page.getByRole('dialog', { name: 'New FAQ' });
    const question = unique('Is there a payload question here');
    await dialog.getByLabel('Question').fill(question);
    await dialog.getByLabel('Answer').fill('Yes, and its category is left empty.');
    let body = nextBody(page, 'POST', '/admin/faqs');
    await dialog.getByRole('button', { name: 'Create FAQ' }).click();
    const created = await body;
    expectCreationPayload(created, {
      question,
      answer: 'Yes, and its category is left empty.',
      isActive: true,
      order: expect.any(Number),
    });
    expect(created).not.toHaveProperty('category');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Add FAQ' }).click();
    dialog = page.getByRole('dialog', { name: 'New FAQ' });
    const second = unique('Is there a categorised question here');
    await dialog.getByLabel('Question').fill(second);
    await dialog.getByLabel('Answer').fill('Yes, and this one has a category.');
    await dialog.getByLabel('Category').fill('  Membership ');
    body = nextBody(page, 'POST', '/admin/faqs');
    await dialog.getByRole('button', { name: 'Create FAQ' }).click();
    expectCreationPayload(
      await body,
      { question: second, answer: 'Yes, and this one has a category.', isActive: true, order: expect.any(Number) },
      ['category'],
    );
    await expect(dialog).toBeHidden();
  });

  for (const kind of [
    { name: 'Privacy Policy', path: '/privacy-policy' },
    { name: 'Terms of Service', path: '/terms-of-service' },
  ]) {
    test(`${kind.name}: title, content; effectiveDate only when given`, async ({ page }) => {
      const content = `${unique(kind.name)}\n${'These are the rules that apply to every visitor of the website. '.repeat(3)}`;
      await openAs(page, kind.path);
      await page.getByRole('button', { name: 'New Version' }).click();
      let dialog = page.getByRole('dialog', { name: `New ${kind.name} Version` });
      await dialog.getByRole('button', { name: 'Start blank' }).click();
      await dialog.getByLabel('Content').fill(content);
      let body = nextBody(page, 'POST', `/admin${kind.path}`);
      await dialog.getByRole('button', { name: 'Create Version' }).click();
      expectCreationPayload(await body, { title: kind.name, content: content.trim() });
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: 'New Version' }).click();
      dialog = page.getByRole('dialog', { name: `New ${kind.name} Version` });
      await dialog.getByRole('button', { name: 'Start blank' }).click();
      await dialog.getByLabel('Title').fill(`${kind.name} with a date`);
      await dialog.getByLabel('Content').fill(content);
      await dialog.getByLabel('Effective date').fill('2031-06-01');
      body = nextBody(page, 'POST', `/admin${kind.path}`);
      await dialog.getByRole('button', { name: 'Create Version' }).click();
      expectCreationPayload(await body, {
        title: `${kind.name} with a date`,
        content: content.trim(),
        effectiveDate: '2031-06-01T00:00:00.000Z',
      });
      await expect(dialog).toBeHidden();
    });
  }

  test('admin user: name, email, role, permissions', async ({ page }) => {
    await openAs(page, '/admins');
    await page.getByRole('button', { name: 'Add Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Admin User' });
    const name = unique('Payload Admin');
    const email = uniqueEmail('payload-admin');
    await dialog.getByLabel('Full name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('FAQs: Edit').check();
    const body = nextBody(page, 'POST', '/admin/users');
    await dialog.getByRole('button', { name: 'Create and Send Invitation' }).click();
    const sent = await body;
    expectCreationPayload(sent, { name, email, role: 'admin', permissions: expect.any(Object) });
    expect((sent.permissions as Record<string, unknown>).faqs).toEqual({ view: true, edit: true, delete: false });
    await expect(dialog).toBeHidden();
  });
});

test('SPEC 2: a dashboard answer without recentUsers or upcomingActivities shows their samples', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-24T12:00:00.000Z'));
  await page.route('**/api/admin/dashboard', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ success: true, data: { stats: { totalUsers: 4321 }, userGrowth: [] } }),
    }),
  );
  await openAs(page, '');
  await expect(page.getByTestId('stat-card').filter({ hasText: 'Total Users' })).toContainText('4,321');
  const recent = page.locator('.panel').filter({ hasText: 'Recent Users' });
  await expect(recent.locator('.person')).toHaveCount(3);
  await expect(recent.locator('.person').first()).toContainText('5 min ago');
  await expect(recent).not.toContainText('No users yet.');
  const upcoming = page.locator('.panel').filter({ hasText: 'Upcoming Activities' });
  await expect(upcoming.locator('.activity-row')).toHaveCount(3);
  await expect(upcoming.locator('.activity-row').first()).toContainText('Dec 1, 2026');
  await expect(upcoming.locator('.activity-row').first()).toContainText('45/100');
  await expect(upcoming).not.toContainText('No upcoming activities.');
});

test('SPEC 2: lists the dashboard answer holds, even empty, are not replaced by samples', async ({ page }) => {
  await page.route('**/api/admin/dashboard', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ success: true, data: { recentUsers: [], upcomingActivities: [] } }),
    }),
  );
  await openAs(page, '');
  await expect(page.locator('.panel').filter({ hasText: 'Recent Users' })).toContainText('No users yet.');
  await expect(page.locator('.panel').filter({ hasText: 'Upcoming Activities' })).toContainText(
    'No upcoming activities.',
  );
});

test("SPEC 8: an activation the server refuses shows 'Failed to activate version', whatever it said", async ({
  page,
}) => {
  await openAs(page, '/about');
  await page.getByRole('button', { name: 'New Version' }).click();
  const dialog = page.getByRole('dialog', { name: 'New About Us Version' });
  const description = unique('A version whose activation fails');
  await dialog.getByLabel('Description').first().fill(description);
  await dialog.getByLabel('Aims').fill('To raise the standard of nutrition care everywhere.');
  await dialog.getByLabel('Objective 1 title').fill('Education');
  await dialog.getByLabel('Objective 1 description').fill('Courses and webinars for members.');
  await dialog.getByRole('button', { name: 'Create Version' }).click();
  await expect(dialog).toBeHidden();

  await page.route('**/api/admin/about-us/*/activate', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database down"}' }),
  );
  const card = page.getByTestId('version-card').filter({ hasText: description });
  await card.getByRole('button', { name: 'Activate' }).click();
  await answerConfirm(
    page,
    'Are you sure you want to activate this version? This will make it the public version.',
    'Activate',
  );
  await expectToast(page, 'Failed to activate version');
  await expect(page.getByText('Database down')).toHaveCount(0);
});
