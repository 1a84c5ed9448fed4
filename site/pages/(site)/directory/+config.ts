import type { Config } from 'vike/types';

export default {
  title: 'Find a Professional | Global Nutrition Network',
  description:
    'Find a dietitian or nutritionist of the Global Nutrition Network by country, language, specialty, name or city. Every listed registration is verified by our staff.',
} satisfies Config;
