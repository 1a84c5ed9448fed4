import type { Config } from 'vike/types';

export default {
  title: 'Log in | Global Nutrition Network',
  description: 'Log in to your Global Nutrition Network member account.',
} satisfies Config;
