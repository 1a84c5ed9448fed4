/**
 * The sidebar of SPEC 2, in its order, then Members, Specialties and Tags (issue 57) and Announcements (issue 22) and the activity log. An entry shows only when `can(user, module, 'view')`:
 * Dashboard and Home are open to every admin, Admins and the policies belong to super admins.
 */
import type { IconName } from '@blueprintjs/core';
import { can, type Module, type User } from '@npo/shared';

export interface NavEntry {
  label: string;
  icon: IconName;
  module: Module;
  /** A console route; absent for Home, which opens the public site. */
  to?: string;
}

export const NAV_ENTRIES: NavEntry[] = [
  { label: 'Dashboard', icon: 'dashboard', module: 'dashboard', to: '/' },
  { label: 'Admins', icon: 'people', module: 'admins', to: '/admins' },
  { label: 'Membership', icon: 'id-number', module: 'membership', to: '/membership' },
  { label: 'About Us', icon: 'info-sign', module: 'about', to: '/about' },
  { label: 'Activities', icon: 'calendar', module: 'activities', to: '/activities' },
  { label: 'Connect Us', icon: 'envelope', module: 'connect', to: '/connect' },
  { label: 'FAQs', icon: 'help', module: 'faqs', to: '/faqs' },
  { label: 'Privacy Policy', icon: 'shield', module: 'privacy_policy', to: '/privacy-policy' },
  { label: 'Terms of Service', icon: 'document', module: 'terms_of_service', to: '/terms-of-service' },
  { label: 'Testimonials', icon: 'comment', module: 'testimonials', to: '/testimonials' },
  { label: 'Members', icon: 'person', module: 'members', to: '/members' },
  { label: 'Specialties', icon: 'tag', module: 'members', to: '/specialties' },
  { label: 'Tags', icon: 'tags', module: 'members', to: '/tags' },
  { label: 'Announcements', icon: 'notifications', module: 'members', to: '/announcements' },
  { label: 'Activity log', icon: 'history', module: 'audit', to: '/activity-log' },
  { label: 'Mail', icon: 'inbox', module: 'mail', to: '/mail' },
  { label: 'Home', icon: 'home', module: 'home' },
];

export function visibleEntries(user: User): NavEntry[] {
  return NAV_ENTRIES.filter((entry) => can(user, entry.module, 'view'));
}
