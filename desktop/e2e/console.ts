/** Helpers of the console's browser tests, on top of the shared e2e/support.ts. */
import type { Faq } from '@npo/shared';
import { expect, type Locator, type Page } from '@playwright/test';
import { api, E2E, linkIn, uniqueEmail, waitForMail } from '../../e2e/support.js';

export interface Credentials {
  email: string;
  password: string;
}

export const SUPER_ADMIN: Credentials = E2E.superAdmin;

let sequence = 0;
/** A name no other test (or earlier run on the same database) uses. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix} ${Date.now().toString(36)}${sequence}`;
}

interface LoginResult {
  token: string;
  user: unknown;
}

// Each login costs a bcrypt comparison on the server: one per account and test worker is enough.
const sessions = new Map<string, Promise<LoginResult>>();

export async function sessionFor(credentials: Credentials): Promise<LoginResult> {
  const key = `${credentials.email}\n${credentials.password}`;
  const cached = sessions.get(key);
  // Signing out ends the session on the server (issue 11): a test after a Sign Out gets a fresh one.
  if (cached && (await api('GET', '/auth/me', { token: (await cached).token })).status === 200) return cached;
  const session = api('POST', '/auth/login', { body: credentials }).then((login) => {
    expect(login.status).toBe(200);
    return login.body.data as LoginResult;
  });
  sessions.set(key, session);
  return session;
}

export async function superAdminToken(): Promise<string> {
  return (await sessionFor(SUPER_ADMIN)).token;
}

/** Through the login form, as a person would. */
export async function signIn(page: Page, credentials: Credentials = SUPER_ADMIN): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** A session stored the way the console stores it, then the given screen opened (faster than the form). */
export async function openAs(page: Page, path: string, credentials: Credentials = SUPER_ADMIN): Promise<void> {
  const session = await sessionFor(credentials);
  // Any console page except the login (which clears the session) gives access to its storage.
  await page.goto('/admin/forgot-password');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
  await page.goto(`/admin${path}`);
}

export type PermissionGrant = Partial<Record<string, Partial<Record<'view' | 'edit' | 'delete', boolean>>>>;

/** An admin created by the super admin, who set a password through the invitation mail's link. */
export async function createAdmin(
  permissions: PermissionGrant,
  name = unique('Admin'),
): Promise<Credentials & { id: number }> {
  const token = await superAdminToken();
  const email = uniqueEmail('admin');
  const created = await api('POST', '/admin/users', { token, body: { name, email, role: 'admin', permissions } });
  expect(created.status).toBe(201);
  const link = linkIn(await waitForMail(email, /admin account/), '/admin/reset-password');
  const resetToken = new URL(link).searchParams.get('token')!;
  const password = 'limited-secret-1';
  const reset = await api('POST', `/auth/reset-password/${resetToken}`, {
    body: { password, confirmPassword: password },
  });
  expect(reset.status).toBe(200);
  return { id: created.body.data.id, email, password };
}

/** The open confirmation shows exactly `message`; `answer` confirms it (the default) or cancels it. */
export async function answerConfirm(page: Page, message: string, button = 'Delete'): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Waits until the focus is inside an overlay that has just opened: a dialog or menu takes it once its
 * opening transition ends, and a key pressed before that goes to the page, as it would for a person.
 */
export async function expectFocusInside(overlay: Locator): Promise<void> {
  await expect
    .poll(() => overlay.evaluate((element) => element.contains(document.activeElement)), {
      message: 'the focus is inside the overlay',
    })
    .toBe(true);
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.locator('.bp6-toast').filter({ hasText: text }).first()).toBeVisible();
}

/** The card (or row) of one item, found by a text it shows. */
export function itemWith(page: Page, testId: string, text: string) {
  return page.getByTestId(testId).filter({ hasText: text });
}

/** The sidebar's entries as they read, without the unread-messages badge on Connect Us (other tests leave messages). */
export async function sidebarLabels(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  // evaluateAll reads what is there, without waiting: right after sign-in the console may not have
  // rendered its layout yet (CI read an empty sidebar once). The entries render together, from the user.
  await links.first().waitFor();
  return links.evaluateAll((elements) =>
    elements.map((link) => {
      const copy = link.cloneNode(true) as HTMLElement;
      copy.querySelector('[data-testid="unread-badge"]')?.remove();
      return (copy.textContent ?? '').trim();
    }),
  );
}

/**
 * What keeps the named table from fitting its box (issue 21: the Admins rule, for every wide table):
 * the box scrolling sideways or the table narrower than it, a cell whose content is cut, a one-line
 * text cut without its whole text in the tooltip, a word (an e-mail, a part of a date) of the
 * `wholeWords` columns broken over two lines. Empty when it fits.
 */
export function tableMisfits(page: Page, tableName: string, wholeWords: string[]): Promise<string[]> {
  return page.getByRole('table', { name: tableName, exact: true }).evaluate((table, columns) => {
    const found: string[] = [];
    const box = table.parentElement!;
    if (box.scrollWidth > box.clientWidth) found.push(`table ${box.scrollWidth} > ${box.clientWidth}`);
    if (table.getBoundingClientRect().width < box.clientWidth - 2) found.push('table narrower than its box');
    for (const cell of Array.from(table.querySelectorAll<HTMLElement>('th, td'))) {
      if (cell.scrollWidth > cell.clientWidth) found.push(`cell "${cell.innerText}"`);
    }
    for (const text of Array.from(table.querySelectorAll<HTMLElement>('.one-line'))) {
      const cut = text.scrollWidth > text.clientWidth;
      if (cut && text.title !== text.textContent) found.push(`"${text.textContent}" cut without its tooltip`);
    }
    const headers = Array.from(table.querySelectorAll<HTMLElement>('thead th'), (th) => th.innerText.trim());
    const indexes = columns.map((column) => headers.indexOf(column));
    if (indexes.includes(-1)) found.push(`no column among ${JSON.stringify(columns)} in ${JSON.stringify(headers)}`);
    const range = document.createRange();
    for (const row of Array.from(table.querySelectorAll<HTMLTableRowElement>('tbody tr'))) {
      for (const index of indexes.filter((index) => index >= 0)) {
        const walker = document.createTreeWalker(row.cells[index]!, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            // One line: every box of the word starts at the same height.
            const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
            if (tops.size > 1) found.push(`"${word[0]}" broken over lines`);
          }
        }
      }
    }
    return found;
  }, wholeWords);
}

/** Every FAQ, in public order, as the server has it. */
export async function faqsOnServer(): Promise<Faq[]> {
  const list = await api('GET', '/admin/faqs?limit=100', { token: await superAdminToken() });
  return list.body.data.faqs;
}

/** A FAQ made straight through the API (it goes last). */
export async function createFaqOnServer(question: string): Promise<Faq> {
  const created = await api('POST', '/admin/faqs', {
    token: await superAdminToken(),
    body: { question, answer: 'An answer that is long enough to be accepted.', isActive: true },
  });
  expect(created.status).toBe(201);
  return created.body.data;
}

export { api, uniqueEmail, waitForMail, linkIn, E2E };
