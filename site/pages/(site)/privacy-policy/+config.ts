import type { Config } from 'vike/types';

export default {
  title: 'Privacy Policy | Global Nutrition Network',
  description: 'How the Global Nutrition Network collects, uses and protects your personal information.',
} satisfies Config;
