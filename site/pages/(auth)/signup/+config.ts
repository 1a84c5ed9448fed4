import type { Config } from 'vike/types';

export default {
  title: 'Create your account | Global Nutrition Network',
  description: 'Create a free Global Nutrition Network member account to register for activities.',
} satisfies Config;
