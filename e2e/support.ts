/** Helpers shared by the site and console browser tests. */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type Route } from '@playwright/test';
import { E2E } from '../playwright.config.js';

export { E2E };

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Waits for a mail to `to` whose subject matches, caught by the real SMTP server. */
export async function waitForMail(to: string, subject: RegExp): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(E2E.mailUrl)).json()) as Mail[];
    const found = mails.filter((mail) => mail.to.includes(to) && subject.test(mail.subject)).at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

/** Makes the SMTP server refuse (550, a permanent failure) or accept again mail to `address`. */
export async function refuseMailTo(address: string, refuse = true): Promise<void> {
  const url = E2E.mailUrl.replace(/\/mails$/, `/refusals/${encodeURIComponent(address)}`);
  const response = await fetch(url, { method: refuse ? 'PUT' : 'DELETE' });
  if (!response.ok) throw new Error(`mail capture: ${response.status}`);
}

export function linkIn(mail: Mail, path: string): string {
  const match = new RegExp(`https?://[^\\s"]+${path.replace(/\//g, '\\/')}\\?token=[\\w-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in mail: ${mail.text}`);
  return match[0];
}

/** Calls the API directly (to arrange data or check what the UI did). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer body is untyped JSON unless the test names its type, as with Supertest
export async function api<T = any>(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${E2E.baseUrl}/api${path}`, {
    method,
    headers: {
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T };
}

export async function superAdminToken(): Promise<string> {
  const login = await api('POST', '/auth/login', { body: E2E.superAdmin });
  return login.body.data.token;
}

/**
 * No serious or critical axe violation on the page once it has settled. Axe reads colours as painted,
 * so a dialog still fading in (Blueprint's overlay transition) shows every text in it as faint: the
 * check first waits for the transitions and animations that end (a spinner's never does) to finish.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  let serious = await seriousA11yViolations(page);
  // A toast that starts to fade out while axe reads the page is faint for a moment (seen on a loaded
  // machine): a violation is only real if it is still there once that transition has ended.
  if (serious.length > 0) serious = await seriousA11yViolations(page);
  expect(serious).toEqual([]);
}

/** Axe's serious and critical findings once the page's running transitions have ended (2 s at most). */
async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    // Two frames first, so a transition whose class was just added has started and is listed.
    for (let frame = 0; frame < 2; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    await Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Holds every request matching `url` until the returned release() is called, then answers it with
 * `answer` (by default, lets it go on to the server): a test sees a waiting state for exactly as
 * long as it looks at it, with no delay to guess.
 */
export async function holdRequests(
  page: Page,
  url: string,
  answer: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await answer(route);
  });
  return release;
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.org`;
}
