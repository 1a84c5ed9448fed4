import type { Config } from 'vike/types';

export default {
  title: 'Welcome | Global Nutrition Network',
  description: 'Choose the password of your Global Nutrition Network account.',
} satisfies Config;
