import type { Config } from 'vike/types';

export default {
  title: 'Take your place | Global Nutrition Network',
  description: 'Take the place in an activity offered to you from its waitlist.',
} satisfies Config;
