import type { Config } from 'vike/types';

export default {
  title: 'Certificate check | Global Nutrition Network',
  description: 'Check that a Global Nutrition Network CPD certificate is genuine.',
  // A page per code: nothing for search engines, and never in the HTML cache (server/page-queries.ts).
  noindex: true,
} satisfies Config;
