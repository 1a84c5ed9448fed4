/** The audit trail's filters (issue 11): the list and its CSV export take the same ones. */
import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AUDIT_ANNOUNCEMENTS_MODULE,
  AUDIT_AUTH_MODULE,
  AUDIT_SPECIALTIES_MODULE,
  AUDIT_TAGS_MODULE,
  AUDIT_VIEWS,
} from '../audit.js';
import { ASSIGNABLE_MODULES, OPEN_MODULES, SUPER_ADMIN_MODULES } from '../permissions.js';
import { plainString } from './fields.js';
import { paginationQuery, sortFields } from './query.js';

/**
 * Every module an entry can name: the policy modules of admin routes, `auth` for security events and
 * `announcements` for the announcements and `tags` for the tags (whose routes are the members module's).
 */
export const AUDIT_MODULES = [
  ...ASSIGNABLE_MODULES,
  ...SUPER_ADMIN_MODULES,
  ...OPEN_MODULES,
  AUDIT_AUTH_MODULE,
  AUDIT_ANNOUNCEMENTS_MODULE,
  AUDIT_SPECIALTIES_MODULE,
  AUDIT_TAGS_MODULE,
] as const;

const DATE_MESSAGE = 'must be a date (YYYY-MM-DD) or an ISO date and time';
/** A calendar day (a whole UTC day) or an instant with its offset, as the console sends local days. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;
/** One message for a bad date, whether its shape or its day (2026-02-30) is wrong. */
const dateParam = (label: string) =>
  z
    .string()
    .regex(ISO_DATE, `${label} ${DATE_MESSAGE}`)
    .refine((value) => !ISO_DATE.test(value) || !Number.isNaN(Date.parse(value)), `${label} ${DATE_MESSAGE}`)
    .optional();

export const auditFilter = z.object({
  /** Part of the actor's e-mail (as it was then) or name (as it is now), in any case; an account id as digits. */
  actor: plainString('Person').trim().max(254, 'Person cannot exceed 254 characters').optional(),
  module: z.enum(AUDIT_MODULES, { error: 'Module is not one of the audited modules.' }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'Action is not one of the audited actions.' }).optional(),
  /** `changes`: no security events; all entries without it. */
  view: z.enum(AUDIT_VIEWS, { error: 'View must be changes or everything.' }).optional(),
  /** From this instant, or from the start of this UTC day. */
  from: dateParam('From'),
  /** Up to this instant, or to the end of this UTC day. */
  to: dateParam('To'),
});

/** The activity log's columns; without `sort`, newest first. */
export const AUDIT_SORTS = ['occurredAt', 'actor', 'action', 'module'] as const;

export function auditQuery(defaultLimit: number) {
  return paginationQuery(defaultLimit).extend(auditFilter.shape).extend(sortFields(AUDIT_SORTS));
}

export type AuditFilter = z.infer<typeof auditFilter>;
export type AuditQuery = z.infer<ReturnType<typeof auditQuery>>;
