import type { Config } from 'vike/types';

export default {
  title: 'Your activities | Global Nutrition Network',
  description: 'Your activity registrations, attendance, CPD certificates and CPD hours per year.',
} satisfies Config;
