import type { Config } from 'vike/types';

export default {
  title: 'Your profile | Global Nutrition Network',
  description: 'Your professional profile as a Global Nutrition Network member: title, practice, languages and more.',
} satisfies Config;
