import type { Config } from 'vike/types';

export default {
  title: 'Global Nutrition Network | Dietitians and nutritionists worldwide',
  description:
    'The Global Nutrition Network connects dietitians and nutritionists worldwide: case study discussions, webinars, research collaboration, job opportunities and a supportive professional community. Membership is currently free.',
  // Partial hydration: no Vike client runtime and no whole-page hydration here. The server renders
  // the whole page; the browser runs +client.ts, which hydrates the interactive islands only.
  clientHooks: false,
} satisfies Config;
