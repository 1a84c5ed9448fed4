/** SPEC 6 mirrored in the UI: a limited admin sees only its sidebar entries and buttons, and the refusals. */
import { expect, test, type Page } from '@playwright/test';
import { api, createAdmin, openAs, sidebarLabels, signIn, superAdminToken, type Credentials } from './console.js';

let limited: Credentials & { id: number };

test.beforeAll(async () => {
  limited = await createAdmin({
    membership: { view: true },
    faqs: { view: true, edit: true },
    testimonials: { view: true, delete: true },
    connect: { view: true, edit: true },
  });
});

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('the sidebar shows Dashboard, Home and only the modules the admin may view, in SPEC order', async ({ page }) => {
  await signIn(page, limited);
  expect(await sidebarLabels(page)).toEqual(['Dashboard', 'Membership', 'Connect Us', 'FAQs', 'Testimonials', 'Home']);
});

test('buttons appear only with their permission', async ({ page }) => {
  await openAs(page, '/membership', limited);
  await expect(page.getByTestId('membership-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Card' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  await page.goto('/admin/faqs');
  await expect(page.getByTestId('faq-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add FAQ' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Move down: / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await page.goto('/admin/testimonials');
  await expect(page.getByTestId('testimonial-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Testimonial' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Feature|Unfeature)$/ })).toHaveCount(0);

  await page.goto('/admin/connect');
  await expect(page.getByTestId('version-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Version' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('a module without view shows "Insufficient permissions"; Admins shows "Access Restricted"', async ({ page }) => {
  await openAs(page, '/about', limited);
  await expect(page.getByRole('heading', { name: 'Insufficient permissions' })).toBeVisible();
  await expect(page.getByText("You don't have permission to view this module.")).toBeVisible();
  for (const path of ['/activities', '/privacy-policy', '/terms-of-service']) {
    await page.goto(`/admin${path}`);
    await expect(page.getByRole('heading', { name: 'Insufficient permissions' })).toBeVisible();
  }
  await page.goto('/admin/admins');
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  await expect(page.getByText('Only super administrators can manage admin users.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Admin' })).toHaveCount(0);
});

test('permission changes made by a super admin end the sessions and apply at the next sign-in', async ({ page }) => {
  const admin = await createAdmin({ membership: { view: true } });
  await signIn(page, admin);
  await expect(sidebar(page).getByRole('link', { name: 'About Us' })).toHaveCount(0);
  const token = await superAdminToken();
  const user = (await api('GET', `/admin/users/${admin.id}`, { token })).body.data;
  await api('PUT', `/admin/users/${admin.id}`, {
    token,
    body: {
      name: user.name,
      email: user.email,
      role: 'admin',
      permissions: { ...user.permissions, about: { view: true, edit: true, delete: false } },
    },
  });
  // The change ended the account's sessions (issue 11): the console shows the login.
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signIn(page, admin);
  await expect(sidebar(page).getByRole('link', { name: 'About Us' })).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('button', { name: 'New Version' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});
