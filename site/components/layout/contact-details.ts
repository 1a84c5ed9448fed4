/**
 * The organisation's contact details as the site shows them: the active contact info, with SPEC 2's
 * placeholder values wherever it has none (no active version, or an empty field).
 */
import { defaultContactInfo, type ContactInfoVersion, type SocialLinks } from '@npo/shared';

export interface ContactDetails {
  email: string;
  phone: string;
  instagram: string;
  socialLinks: SocialLinks;
}

export function contactDetailsOf(info: ContactInfoVersion | null | undefined): ContactDetails {
  const links = info ? info.socialLinks : defaultContactInfo.socialLinks;
  return {
    email: info?.email || defaultContactInfo.email,
    phone: info?.phone || defaultContactInfo.phone,
    instagram: info?.instagram || defaultContactInfo.instagram,
    socialLinks: { ...links },
  };
}

/** "+91 98765 43210" → "tel:+919876543210" */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
