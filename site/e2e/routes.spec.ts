/** Every public route arrives with SPEC 2's texts, its own title and description, and a 404 that helps. */
import { expect, test } from '@playwright/test';
import { open } from './helpers.js';

/** A string must be an element's whole text; a pattern may be part of one. */
const ROUTES: { path: string; title: RegExp; texts: (string | RegExp)[] }[] = [
  {
    path: '/',
    title: /^Global Nutrition Network/,
    texts: [
      'About Us',
      'Aims',
      'Objectives',
      'Connect With Us',
      'Frequently Asked Questions',
      'Membership Benefits',
      'Why Join Us',
      'What Members Say',
      'Register Now',
      'Activities',
      'Upcoming',
      'Past',
    ],
  },
  {
    path: '/join-us',
    title: /^Join Us \|/,
    texts: [
      'Join Us',
      'Joining is currently free',
      'Join the group chat',
      /Questions before you join\? Write to us at/,
    ],
  },
  { path: '/why-join-us', title: /^Why Join Us \|/, texts: ['Why Join Us', 'Membership Benefits', 'What Members Say'] },
  {
    path: '/connect',
    title: /^Connect With Us \|/,
    texts: ['Connect With Us', 'Organisation details', 'Frequently Asked Questions'],
  },
  {
    path: '/privacy-policy',
    title: /^Privacy Policy \|/,
    texts: ['Privacy Policy', /^Effective date: \d/, /^Last updated: \d/, 'Contact us'],
  },
  {
    path: '/terms-of-service',
    title: /^Terms of Service \|/,
    texts: ['Terms of Service', /^Effective date: \d/, /^Last updated: \d/, 'Contact us'],
  },
  {
    path: '/login',
    title: /^Log in \|/,
    texts: ['Back to Home', 'Welcome back', 'Email', 'Password', 'Forgot password?', 'New here? Create an account'],
  },
  {
    path: '/signup',
    title: /^Create your account \|/,
    texts: ['Create your account', 'Full name', 'Email', 'Password', /Already have an account\? Log in/],
  },
  { path: '/forgot-password', title: /^Forgot password \|/, texts: ['Forgot your password?', 'Send Reset Link'] },
  {
    path: '/reset-password',
    title: /^Reset password \|/,
    texts: ['Invalid Reset Link', 'This password reset link is invalid or has expired.'],
  },
  {
    path: '/welcome',
    title: /^Welcome \|/,
    texts: [
      'Invalid Welcome Link',
      'This welcome link is invalid or has expired. Request a new link to choose your password.',
    ],
  },
];

for (const route of ROUTES) {
  test(`${route.path} renders its texts, title, description and canonical link`, async ({ page }) => {
    const response = await open(page, route.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(route.title);
    for (const text of route.texts) {
      await expect(page.getByText(text, { exact: typeof text === 'string' }).first()).toBeVisible();
    }
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', route.title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${route.path}$`));
  });
}

test('an unknown address answers 404 with a helpful page inside the site', async ({ page }) => {
  const response = await open(page, '/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/^Page not found/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('the header and footer hold SPEC 2 links, contact details and the current year', async ({ page }) => {
  const response = await open(page, '/join-us');
  // The year is the server's (the page is rendered there and hydration keeps it): read it from the
  // answer's Date, in the local time zone the server, on this machine, renders it in.
  const serverDate = response?.headers()['date'];
  expect(serverDate).toBeTruthy();
  const year = new Date(serverDate!).getFullYear();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Global Nutrition Network' })).toHaveAttribute('href', '/');
  for (const label of ['About', 'Connect', 'Membership Benefits', 'Why Join Us', 'Activities']) {
    await expect(header.getByRole('link', { name: label, exact: true })).toBeAttached();
  }
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  const footer = page.getByRole('contentinfo');
  for (const label of ['Home', 'About', 'Contact', 'Membership Benefits', 'Why Join Us', 'Activities', 'Sign Up']) {
    await expect(footer.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  for (const network of ['Instagram', 'Facebook', 'Twitter', 'LinkedIn']) {
    await expect(footer.getByRole('link', { name: network })).toBeVisible();
  }
  // The directory (issue 57) is in the footer's Pages as in the header.
  await expect(footer.getByRole('link', { name: 'Directory', exact: true })).toHaveAttribute('href', '/directory');
  await expect(header.getByRole('link', { name: 'Directory', exact: true })).toHaveAttribute('href', '/directory');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
  await expect(footer).toContainText(`© ${year} Global Nutrition Network`);
  await expect(footer.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);
});

test('the page scrolls to the top on a route change', async ({ page }) => {
  await open(page, '/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('robots.txt and sitemap.xml are served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain('Sitemap: ');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  expect(await sitemap.text()).toContain('/privacy-policy</loc>');
});

test('no route logs an error, a hydration mismatch or a Content-Security-Policy violation', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // The 404 page's own document status is reported by Chromium as a failed resource.
    if (message.text().includes('status of 404') && page.url().endsWith('/no-such-page')) return;
    problems.push(`${page.url()}: ${message.text()}`);
  });
  for (const route of [...ROUTES.map((entry) => entry.path), '/no-such-page']) {
    await page.goto(route, { waitUntil: 'networkidle' });
  }
  // Client-side navigation renders pages in the browser alone: those must be clean too.
  await open(page, '/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.getByRole('link', { name: 'Contact us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connect With Us' })).toBeVisible();
  expect(problems).toEqual([]);
});
