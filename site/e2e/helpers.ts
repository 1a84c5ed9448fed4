/** Helpers of the site's browser tests (the shared ones are in e2e/support.ts). */
import { expect, type Page } from '@playwright/test';

/**
 * Goes to `path` and waits until the page has hydrated (pages/+Layout.tsx marks <html>): before
 * that, a click on a server-rendered button would reach the browser rather than the page's code.
 */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

/** Waits until the page the browser now shows has hydrated (after a full page load that a click started). */
export async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}
