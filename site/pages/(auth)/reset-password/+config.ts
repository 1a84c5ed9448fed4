import type { Config } from 'vike/types';

export default {
  title: 'Reset password | Global Nutrition Network',
  description: 'Choose a new password for your Global Nutrition Network account.',
} satisfies Config;
