import type { Config } from 'vike/types';

export default {
  title: 'Change password | Global Nutrition Network',
  description: 'Change the password of your Global Nutrition Network member account.',
} satisfies Config;
