/** Query-string schemas: paging of SPEC 9 and list filters. */
import { z } from 'zod';
import { ACTIVITY_STATUSES, MAX_PAGE_LIMIT } from '../constants.js';
import { ROLES } from '../permissions.js';
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

export function searchQuery(defaultLimit: number) {
  return paginationQuery(defaultLimit).extend({
    search: plainString('Search').trim().max(100, 'Search cannot exceed 100 characters').optional(),
  });
}

/** The admins list: staff accounts unless `role` asks for one role (members included). */
export function usersQuery(defaultLimit: number) {
  return searchQuery(defaultLimit).extend({
    role: z.enum(ROLES, { error: 'Role must be member, admin or super_admin' }).optional(),
  });
}

export type PaginationQuery = z.infer<ReturnType<typeof paginationQuery>>;
export type UsersQuery = z.infer<ReturnType<typeof usersQuery>>;
