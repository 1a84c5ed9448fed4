import type { Config } from 'vike/types';

export default {
  title: 'Forgot password | Global Nutrition Network',
  description: 'Request a link to reset the password of your Global Nutrition Network account.',
} satisfies Config;
