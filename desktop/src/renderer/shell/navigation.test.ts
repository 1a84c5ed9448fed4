import { emptyPermissions, type User } from '@npo/shared';
import { describe, expect, it } from 'vitest';
import { visibleEntries } from './navigation';

function staff(role: User['role'], grant: Record<string, { view: boolean }> = {}): User {
  const permissions = emptyPermissions();
  for (const [module, { view }] of Object.entries(grant)) permissions[module as keyof typeof permissions].view = view;
  return {
    id: 1,
    revision: 1,
    name: 'A',
    email: 'a@example.org',
    role,
    permissions,
    isActive: true,
    twoFactorEnabled: false,
    invitationPending: false,
    lastLogin: null,
    createdAt: '',
  };
}

describe('sidebar entries', () => {
  it('are all shown, in SPEC order, to a super admin', () => {
    expect(visibleEntries(staff('super_admin')).map((entry) => entry.label)).toEqual([
      'Dashboard',
      'Admins',
      'Membership',
      'About Us',
      'Activities',
      'Connect Us',
      'FAQs',
      'Privacy Policy',
      'Terms of Service',
      'Testimonials',
      'Members',
      'Specialties',
      'Tags',
      'Announcements',
      'Activity log',
      'Mail',
      'Home',
    ]);
  });

  it('show an admin Dashboard, Home and the modules it may view, never Admins, the policies, the activity log or mail', () => {
    const labels = visibleEntries(staff('admin', { faqs: { view: true }, about: { view: true } })).map(
      (entry) => entry.label,
    );
    expect(labels).toEqual(['Dashboard', 'About Us', 'FAQs', 'Home']);
  });

  it('show Members to holders of members:view only', () => {
    const labels = (grant: Record<string, { view: boolean }>) =>
      visibleEntries(staff('admin', grant)).map((entry) => entry.label);
    expect(labels({ members: { view: true } })).toEqual([
      'Dashboard',
      'Members',
      'Specialties',
      'Tags',
      'Announcements',
      'Home',
    ]);
    expect(labels({ members: { view: false }, faqs: { view: true } })).not.toContain('Members');
    expect(labels({ members: { view: false }, faqs: { view: true } })).not.toContain('Announcements');
    expect(labels({ members: { view: false }, faqs: { view: true } })).not.toContain('Tags');
  });
});
