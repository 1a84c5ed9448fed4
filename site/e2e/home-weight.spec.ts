/**
 * The home page hydrates only its islands (header, activities, contact form: components/islands).
 * Its first load must not carry the code of the sections it leaves static, nor their built-in texts
 * (site/vite.config.ts keeps island code out of the chunk the other pages share): a component an
 * island imports that is missing from that config's island list pulls the whole chunk back in.
 */
import { defaultAboutUs, defaultFaqs, defaultMembershipCards, defaultTestimonials } from '@npo/shared';
import { expect, test } from '@playwright/test';
import { open } from './helpers.js';

const TEXTS_OF_STATIC_SECTIONS = [
  defaultAboutUs.objectives[0]!.description,
  defaultFaqs[0]!.answer,
  defaultMembershipCards[0]!.subtitle,
  defaultTestimonials[0]!.quote,
];

test('the home page loads no code or text of the sections it does not hydrate', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await open(page, '/');
  expect(scripts.length).toBeGreaterThan(0);

  for (const url of scripts) {
    const body = await (await page.request.get(url)).text();
    for (const text of TEXTS_OF_STATIC_SECTIONS) {
      expect(body.includes(text), `${new URL(url).pathname} carries "${text.slice(0, 40)}…"`).toBe(false);
    }
  }
});
