/** Query-string schemas: paging of SPEC 9 and list filters. */
import { z } from 'zod';
import { ACTIVITY_STATUSES, CONTACT_MESSAGE_FILTERS, MAX_PAGE_LIMIT } from '../constants.js';
import { ROLES } from '../permissions.js';
import { MEMBERSHIP_STATUSES } from '../membership.js';
import { COUNTRY_CODES } from '../profiles/codes.js';
import { plainString } from './fields.js';

const positiveInt = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((value) => value >= 1, message);

/** `page` from 1, `limit` capped at MAX_PAGE_LIMIT: a larger limit is lowered, not refused. */
export function paginationQuery(defaultLimit: number) {
  return z.object({
    page: positiveInt('Page must be a positive whole number').optional().default(1),
    limit: positiveInt('Limit must be a positive whole number')
      .optional()
      .default(defaultLimit)
      .transform((limit) => Math.min(limit, MAX_PAGE_LIMIT)),
  });
}

export function activitiesQuery(defaultLimit: number) {
  return paginationQuery(defaultLimit).extend({
    status: z.enum(ACTIVITY_STATUSES, { error: 'Status must be either upcoming or past.' }).optional(),
  });
}

/** "a, b or c": the allowed values as a field message lists them. */
const orList = (values: readonly string[]) =>
  values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * A list's `sort` (one of its allow-listed columns; anything else is a 400 naming the field) and
 * `order`. Without `fallback` both stay optional, so a list without them keeps its own order.
 */
export function sortFields<const C extends readonly [string, ...string[]]>(columns: C) {
  return {
    sort: z.enum(columns, { error: `Sort must be ${orList(columns)}` }).optional(),
    order: z.enum(SORT_ORDERS, { error: 'Order must be asc or desc' }).optional(),
  };
}

const searchText = () => plainString('Search').trim().max(100, 'Search cannot exceed 100 characters').optional();

export function searchQuery(defaultLimit: number) {
  return paginationQuery(defaultLimit).extend({ search: searchText() });
}

/**
 * An admin list (issue 10): `q` finds a substring of the list's text columns, in any case and
 * accents; % and _ are plain characters.
 */
export function adminListQuery(defaultLimit: number) {
  return paginationQuery(defaultLimit).extend({ q: searchText() });
}

/**
 * The columns each console list sorts by (issue 21 item 6). Without `sort` a list keeps its own
 * order: FAQs and cards their manual position, testimonials featured first, activities the next
 * upcoming first, the inbox and the activity log newest first, admins by name.
 */
export const FAQ_SORTS = ['position', 'question', 'category', 'updatedAt'] as const;
export const MEMBERSHIP_CARD_SORTS = ['position', 'title', 'type', 'updatedAt'] as const;
export const TESTIMONIAL_SORTS = ['name', 'role', 'createdAt'] as const;
export const ACTIVITY_SORTS = ['date', 'title', 'location'] as const;
export const USER_SORTS = ['name', 'email', 'role', 'lastLogin'] as const;
export const CONTACT_MESSAGE_SORTS = ['createdAt', 'name', 'email', 'state'] as const;

/** An admin content list with `q` and its allow-listed sort. */
export function sortedAdminListQuery<const C extends readonly [string, ...string[]]>(defaultLimit: number, columns: C) {
  return adminListQuery(defaultLimit).extend(sortFields(columns));
}

/** The admin activities list: the public filter plus `q` (title, location or a tag) and its sort. */
export function adminActivitiesQuery(defaultLimit: number) {
  return activitiesQuery(defaultLimit).extend({ q: searchText(), ...sortFields(ACTIVITY_SORTS) });
}

/** The admins list: staff accounts unless `role` asks for one role (members included); `q` is `search`. */
export function usersQuery(defaultLimit: number) {
  return searchQuery(defaultLimit).extend({
    q: searchText(),
    role: z.enum(ROLES, { error: 'Role must be member, admin or super_admin' }).optional(),
    ...sortFields(USER_SORTS),
  });
}

/** An activity's attendee list and its CSV: `q` matches name or e-mail, in any case. */
export const REGISTRATION_SORTS = ['name', 'registeredAt'] as const;
const registrationSort = sortFields(REGISTRATION_SORTS);
export const registrationsFilter = z.object({
  q: plainString('Search').trim().max(100, 'Search cannot exceed 100 characters').optional(),
  sort: registrationSort.sort.default('name'),
  order: registrationSort.order.default('asc'),
});

export function registrationsQuery(defaultLimit: number) {
  return paginationQuery(defaultLimit).extend(registrationsFilter.shape);
}

export type RegistrationsFilter = z.infer<typeof registrationsFilter>;
export type RegistrationsQuery = z.infer<ReturnType<typeof registrationsQuery>>;
/**
 * The inbox and its CSV: `state` is one state or `active` (the default: everything not archived); `q`
 * finds a substring of the name, e-mail or message.
 */
export const contactMessagesFilter = z.object({
  state: z
    .enum(CONTACT_MESSAGE_FILTERS, { error: 'State must be active, new, read, replied or archived.' })
    .optional()
    .default('active'),
  /** Name, e-mail or message text, in any case and accents. */
  q: searchText(),
});

export function contactMessagesQuery(defaultLimit: number) {
  return paginationQuery(defaultLimit).extend(contactMessagesFilter.shape).extend(sortFields(CONTACT_MESSAGE_SORTS));
}

export const MEMBER_STATUSES = ['active', 'deactivated'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not), from 1900 to 2999; read as a UTC day. */
const calendarDay = (label: string) =>
  z
    .string()
    .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (day) => new Date(`${day}T00:00:00.000Z`).toISOString().startsWith(day),
      `${label} must be a date (YYYY-MM-DD)`,
    )
    .optional();

export const MEMBER_SORTS = ['name', 'joinedAt'] as const;
const memberSort = sortFields(MEMBER_SORTS);

/**
 * The members list and its CSV (issue 22): `q` finds the name or e-mail in any case and accents;
 * `status`; joined between two UTC days, both included; registered to one activity; sorted by name
 * or join date.
 */
const membersFilterShape = {
  q: searchText(),
  status: z.enum(MEMBER_STATUSES, { error: 'Status must be active or deactivated' }).optional(),
  joinedFrom: calendarDay('Joined from'),
  joinedTo: calendarDay('Joined to'),
  activityId: z
    .string()
    .regex(/^\d{1,10}$/, 'Activity must be an activity id')
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, 'Activity must be an activity id')
    .optional(),
  // Profile fields (issue 57): an ISO country code, a specialty of the list staff keep.
  country: z.enum(COUNTRY_CODES, { error: 'Country must be an ISO 3166 country code' }).optional(),
  specialtyId: z
    .string()
    .regex(/^\d{1,10}$/, 'Specialty must be a specialty id')
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, 'Specialty must be a specialty id')
    .optional(),
  // A tag staff keep (issue 57).
  tagId: z
    .string()
    .regex(/^\d{1,10}$/, 'Tag must be a tag id')
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, 'Tag must be a tag id')
    .optional(),
  // Memberships that renew (issue 57): the status derived from the renewal date and today.
  membership: z.enum(MEMBERSHIP_STATUSES, { error: 'Membership must be active, expiring or lapsed' }).optional(),
  sort: memberSort.sort.default('name'),
  order: memberSort.order.default('asc'),
};

const joinedInOrder = (filter: { joinedFrom?: string | undefined; joinedTo?: string | undefined }) =>
  !filter.joinedFrom || !filter.joinedTo || filter.joinedFrom <= filter.joinedTo;
const JOINED_IN_ORDER = { message: 'Joined from must not be after joined to', path: ['joinedTo'] };

export const membersFilter = z.object(membersFilterShape).refine(joinedInOrder, JOINED_IN_ORDER);

export function membersQuery(defaultLimit: number) {
  return paginationQuery(defaultLimit).extend(membersFilterShape).refine(joinedInOrder, JOINED_IN_ORDER);
}

export type MembersFilter = z.infer<typeof membersFilter>;
export type MembersQuery = z.infer<ReturnType<typeof membersQuery>>;

export type PaginationQuery = z.infer<ReturnType<typeof paginationQuery>>;
export type AdminListQuery = z.infer<ReturnType<typeof adminListQuery>>;
export type AdminActivitiesQuery = z.infer<ReturnType<typeof adminActivitiesQuery>>;
export type UsersQuery = z.infer<ReturnType<typeof usersQuery>>;
export type ContactMessagesQuery = z.infer<ReturnType<typeof contactMessagesQuery>>;
/** The sorted admin lists' queries: page, `q` and their own sort. */
export type SortedAdminListQuery<K extends string> = AdminListQuery & {
  sort?: K | undefined;
  order?: SortOrder | undefined;
};
