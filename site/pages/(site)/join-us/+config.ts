import type { Config } from 'vike/types';

export default {
  title: 'Join Us | Global Nutrition Network',
  description:
    'Dietitians, nutritionists, researchers and students: join the Global Nutrition Network. Joining is currently free.',
} satisfies Config;
