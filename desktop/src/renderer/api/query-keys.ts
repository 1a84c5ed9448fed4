/**
 * Query keys of every answer the console reads, from the route table (@npo/shared's queryKeyOf): a
 * list's key is its resource, so the changes of that resource, which refresh their routes' resources
 * (changedQueryKeys, in useAdminMutation), refresh exactly its lists and items.
 */
import { queryKeyOf, ROUTES, type Route } from '@npo/shared';

const keyOf = (route: Route) => queryKeyOf(route) as readonly string[];

const dashboard = keyOf(ROUTES.dashboard.get);

export const queryKeys = {
  me: keyOf(ROUTES.auth.me),
  /** The signed-in account's own sessions (My account). */
  accountSessions: keyOf(ROUTES.account.sessions),
  dashboard,
  /** Under the dashboard's key: every change refreshes the dashboard, and with it this answer. */
  defaultContent: [...dashboard, ...keyOf(ROUTES.dashboard.defaultContent)],
  membershipCards: keyOf(ROUTES.membershipCards.admin.list),
  aboutUs: keyOf(ROUTES.aboutUs.list),
  activities: keyOf(ROUTES.activities.admin.list),
  testimonials: keyOf(ROUTES.testimonials.admin.list),
  contactInfo: keyOf(ROUTES.contactInfo.list),
  contactMessages: keyOf(ROUTES.contactMessages.list),
  faqs: keyOf(ROUTES.faqs.admin.list),
  privacyPolicy: keyOf(ROUTES.privacyPolicy.list),
  termsOfService: keyOf(ROUTES.termsOfService.list),
  users: keyOf(ROUTES.users.list),
  members: keyOf(ROUTES.members.list),
  /** The specialties: staff's list with its counts, and the profile forms' list (both ['specialties', …]). */
  specialties: keyOf(ROUTES.specialties.list),
  /** The tags staff keep, with their member counts (['tags']): the Tags screen, members' details, filters, segments. */
  tags: keyOf(ROUTES.tags.list),
  /** Announcements, each one's detail and recipients under it. */
  announcements: keyOf(ROUTES.announcements.list),
  audit: keyOf(ROUTES.audit.list),
  /** The mail queue (super admins). */
  mail: keyOf(ROUTES.mail.list),
  /** The organisation's settings (its time zone). */
  organisation: keyOf(ROUTES.dashboard.organisation),
};
