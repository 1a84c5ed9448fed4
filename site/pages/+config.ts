import vikeReact from 'vike-react/config';
import type { Config } from 'vike/types';

export default {
  extends: [vikeReact],
  title: 'Global Nutrition Network',
  description:
    'An international community of dietitians and nutritionists advancing education, research and public health.',
  favicon: '/favicon.svg',
  lang: 'en',
  // Pages render on each request with the current content: nothing is prerendered at build time.
  prerender: false,
  meta: {
    // +data runs on the server for the first render and in the browser after client-side navigation,
    // where it answers null and the queries fetch (lib/content.ts): navigating needs no server render.
    data: { env: { server: true, client: true } },
    noindex: { env: { server: true } },
  },
} satisfies Config;
