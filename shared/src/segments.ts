/**
 * An announcement's segment (issue 57): the members of the audience "members" narrowed by any of a
 * tag, a country, a specialty and a membership status (all given must hold). Each criterion is one
 * key here and one condition on the server (api/src/modules/segments/filter.ts): adding one is a key
 * in SEGMENT_FIELDS and a line there. The membership status is judged on the day of counting or
 * sending (it is derived from the renewal date, never stored).
 */
import { z } from 'zod';
import { MAX_ID } from './constants.js';
import { MEMBERSHIP_STATUSES } from './membership.js';
import { COUNTRY_CODES } from './profiles/codes.js';
import { tagIdField } from './tags.js';

export const SEGMENT_MESSAGES = {
  empty: 'Choose at least one of tag, country, specialty or membership, or send to every member',
  country: 'Choose a country from the list',
  specialty: 'Choose a specialty from the list',
  membership: 'Membership must be active, expiring or lapsed',
  audience: 'Only an announcement to members can go to a segment',
} as const;

export const SEGMENT_FIELDS = {
  tagId: tagIdField.optional(),
  country: z.enum(COUNTRY_CODES, { error: SEGMENT_MESSAGES.country }).optional(),
  specialtyId: z
    .int({ error: SEGMENT_MESSAGES.specialty })
    .positive(SEGMENT_MESSAGES.specialty)
    .max(MAX_ID, SEGMENT_MESSAGES.specialty)
    .optional(),
  membership: z.enum(MEMBERSHIP_STATUSES, { error: SEGMENT_MESSAGES.membership }).optional(),
};
export type SegmentCriterion = keyof typeof SEGMENT_FIELDS;
export const SEGMENT_CRITERIA = Object.keys(SEGMENT_FIELDS) as SegmentCriterion[];

export const segmentSchema = z
  .strictObject(SEGMENT_FIELDS)
  .refine((segment) => SEGMENT_CRITERIA.some((key) => segment[key] !== undefined), {
    error: SEGMENT_MESSAGES.empty,
  });
export type Segment = z.output<typeof segmentSchema>;
