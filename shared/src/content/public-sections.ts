/**
 * The public sections that fall back on SPEC's built-in content when the server has none of theirs
 * (SPEC 2 and 8: About defaults, sample FAQs, cards and testimonials, placeholder contact details, and
 * the built-in privacy policy and terms of service).
 * The server decides which of them are on defaults (api/src/modules/default-content); the console
 * names them and links to them with what is here.
 */
export const PUBLIC_SECTION_NAMES = [
  'about',
  'membershipCards',
  'testimonials',
  'contactInfo',
  'faqs',
  'privacyPolicy',
  'termsOfService',
] as const;

export type PublicSection = (typeof PUBLIC_SECTION_NAMES)[number];

/** `href`: the section on the public site; `consolePath`: its screen under /admin. */
export const PUBLIC_SECTIONS: Record<PublicSection, { label: string; href: string; consolePath: string }> = {
  about: { label: 'About Us', href: '/#about', consolePath: '/about' },
  membershipCards: { label: 'Membership Benefits', href: '/#membership-benefits', consolePath: '/membership' },
  testimonials: { label: 'Testimonials (Why Join Us)', href: '/#why-join-us', consolePath: '/testimonials' },
  contactInfo: { label: 'Contact details (Connect and footer)', href: '/#connect', consolePath: '/connect' },
  faqs: { label: 'Frequently Asked Questions', href: '/#connect', consolePath: '/faqs' },
  privacyPolicy: { label: 'Privacy Policy', href: '/privacy-policy', consolePath: '/privacy-policy' },
  termsOfService: { label: 'Terms of Service', href: '/terms-of-service', consolePath: '/terms-of-service' },
};

/** Shown on a module's console screen while its public section shows the built-in content. */
export const DEFAULT_CONTENT_NOTICE = 'Visitors currently see the default content for this section';
