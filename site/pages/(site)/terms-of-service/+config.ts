import type { Config } from 'vike/types';

export default {
  title: 'Terms of Service | Global Nutrition Network',
  description: 'The terms that govern your use of the Global Nutrition Network website and membership.',
} satisfies Config;
