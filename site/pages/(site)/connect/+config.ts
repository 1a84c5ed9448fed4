import type { Config } from 'vike/types';

export default {
  title: 'Connect With Us | Global Nutrition Network',
  description:
    'Contact the Global Nutrition Network: send us a message, find our e-mail, phone and social media, and read answers to frequently asked questions.',
} satisfies Config;
