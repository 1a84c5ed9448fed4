import type { Config } from 'vike/types';

export default {
  title: 'Unsubscribe | Global Nutrition Network',
  description: 'Stop receiving announcements from Global Nutrition Network by e-mail.',
} satisfies Config;
