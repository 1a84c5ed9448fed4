/**
 * The dashboard is open to every admin, but each of its parts is data of a module (issue 55 item 3):
 * the API sends a part only to staff who may view that module (super admins see all), lists the parts
 * it left out in `withheld`, and the console shows what it got (no sample stands in for a withheld part).
 * Staff accounts are the admins module's, a super admin's: the head count of active staff is theirs.
 */
import { can, type Module, type PermissionSubject } from './permissions.js';

export const DASHBOARD_PART_MODULES = {
  totalUsers: 'members',
  userGrowth: 'members',
  recentUsers: 'members',
  activeAdmins: 'admins',
  totalActivities: 'activities',
  upcomingActivities: 'activities',
  totalTestimonials: 'testimonials',
  featuredTestimonials: 'testimonials',
  membershipCards: 'membership',
  aboutUsVersions: 'about',
  contactInfoVersions: 'connect',
} as const satisfies Record<string, Module>;

export type DashboardPart = keyof typeof DASHBOARD_PART_MODULES;
export const DASHBOARD_PARTS = Object.keys(DASHBOARD_PART_MODULES) as DashboardPart[];

/** The parts `user` may not view, in DASHBOARD_PARTS order. */
export function withheldDashboardParts(user: PermissionSubject): DashboardPart[] {
  return DASHBOARD_PARTS.filter((part) => !can(user, DASHBOARD_PART_MODULES[part], 'view'));
}
