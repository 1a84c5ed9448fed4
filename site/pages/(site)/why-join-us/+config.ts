import type { Config } from 'vike/types';

export default {
  title: 'Why Join Us | Global Nutrition Network',
  description:
    'Membership benefits of the Global Nutrition Network and what our members say: community, continuing education, career development and research collaboration.',
} satisfies Config;
