/**
 * Issue 24, the public site: SPEC 8's failure texts on the member auth screens, SPEC 7's bodies of
 * their calls, and SPEC 2's order of the About section.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { expectSpecPayload, FAILURE_CASES, fulfilFailure, nextBody } from '../../e2e/spec-answers.js';
import { open } from './helpers.js';

const VALID_TOKEN_CHECK = JSON.stringify({ success: true, data: { valid: true, email: 'member@example.org' } });

interface AuthScreen {
  name: string;
  path: string;
  fallback: string;
  /** The API call the screen makes, and the body SPEC 7 gives it. */
  call: string;
  body: Record<string, unknown>;
  fill(page: Page): Promise<void>;
  button: string;
}

const AUTH_SCREENS: AuthScreen[] = [
  {
    name: 'member login',
    path: '/login',
    fallback: 'Login failed',
    call: '/auth/login',
    body: { email: 'member@example.org', password: 'secret-123' },
    fill: async (page) => {
      await page.getByLabel('Email').fill('member@example.org');
      await page.getByLabel('Password', { exact: true }).fill('secret-123');
    },
    button: 'Log in',
  },
  {
    name: 'signup',
    path: '/signup',
    fallback: 'Signup failed',
    call: '/auth/register',
    body: { name: 'New Member', email: 'member@example.org', password: 'secret-123' },
    fill: async (page) => {
      await page.getByLabel('Full name').fill('New Member');
      await page.getByLabel('Email').fill('member@example.org');
      await page.getByLabel('Password', { exact: true }).fill('secret-123');
    },
    button: 'Create account',
  },
  {
    name: 'forgot password',
    path: '/forgot-password',
    fallback: 'Failed to send reset email. Please try again.',
    call: '/auth/forgot-password',
    body: { email: 'member@example.org' },
    fill: async (page) => {
      await page.getByLabel('Email').fill('member@example.org');
    },
    button: 'Send Reset Link',
  },
  {
    name: 'reset password',
    path: '/reset-password?token=routed-token',
    fallback: 'Failed to reset password. Please try again.',
    call: '/auth/reset-password/routed-token',
    body: { password: 'new-secret-1' },
    fill: async (page) => {
      await page.getByLabel('New Password').fill('new-secret-1');
      await page.getByLabel('Confirm Password').fill('new-secret-1');
    },
    button: 'Reset Password',
  },
];

/** Routes the screen's call to `answer`; the reset link's token check answers "valid". */
async function routeCall(page: Page, screen: AuthScreen, answer: (route: Route) => Promise<void>) {
  await page.route(`**/api${screen.call}`, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ contentType: 'application/json', body: VALID_TOKEN_CHECK })
      : answer(route),
  );
}

test.describe('SPEC 8: the server message (data.data.message, then data.message), else the fallback', () => {
  for (const screen of AUTH_SCREENS) {
    for (const failure of FAILURE_CASES) {
      test(`${screen.name}: ${failure.name}`, async ({ page }) => {
        await routeCall(page, screen, (route) => fulfilFailure(route, failure));
        await open(page, screen.path);
        await screen.fill(page);
        await page.getByRole('button', { name: screen.button }).click();
        await expect(page.getByRole('alert')).toHaveText(failure.shows ?? screen.fallback);
      });
    }
  }
});

test.describe("SPEC 7: the body of each member form's call", () => {
  for (const screen of AUTH_SCREENS) {
    test(`${screen.name} sends ${Object.keys(screen.body).join(', ')}`, async ({ page }) => {
      await routeCall(page, screen, (route) =>
        route.fulfill({ status: 400, contentType: 'application/json', body: '{"message":"Routed"}' }),
      );
      await open(page, screen.path);
      await screen.fill(page);
      const body = nextBody(page, 'POST', screen.call);
      await page.getByRole('button', { name: screen.button }).click();
      expectSpecPayload(await body, screen.body);
      await expect(page.getByRole('alert')).toHaveText('Routed');
    });
  }
});

test.describe('SPEC 2: About Us, then description, Aims, the numbered Objectives, then Join Us', () => {
  for (const width of [1280, 390]) {
    test(`in that order in the document and on screen, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await open(page, '/');
      const about = page.locator('#about');
      const parts = [
        about.getByRole('heading', { name: 'About Us' }),
        about.locator('.about__description'),
        about.getByRole('heading', { name: 'Aims' }),
        about.getByRole('heading', { name: 'Objectives' }),
        about.locator('ol.objectives'),
        about.getByRole('link', { name: 'Join Us' }),
      ];
      for (const part of parts) await expect(part).toHaveCount(1);
      await expect(about.getByRole('link', { name: 'Join Us' })).toHaveAttribute('href', '/join-us');
      await expect(about.locator('ol.objectives > li').first()).toBeVisible();

      const handles = await Promise.all(parts.map((part) => part.elementHandle()));
      const documentOrder = await page.evaluate(
        (elements) =>
          elements
            .slice(1)
            .every(
              (element, index) =>
                (elements[index]!.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
            ),
        handles,
      );
      expect(documentOrder).toBe(true);

      // On screen: the button starts below the end of the Objectives list.
      const list = (await parts[4]!.boundingBox())!;
      const button = (await parts[5]!.boundingBox())!;
      expect(button.y).toBeGreaterThanOrEqual(list.y + list.height);
    });
  }
});
