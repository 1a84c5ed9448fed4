import type { Config } from 'vike/types';

export default {
  title: 'Your data | Global Nutrition Network',
  description: 'Download the data Global Nutrition Network keeps about you, or close your member account.',
} satisfies Config;
