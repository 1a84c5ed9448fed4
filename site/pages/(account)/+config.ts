import type { Config } from 'vike/types';

export default {
  // Account screens have nothing for search engines.
  noindex: true,
} satisfies Config;
