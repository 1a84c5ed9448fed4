/**
 * An announcement's segment (issue 57): the members of the audience "members" narrowed by any of a
 * tag, a country and a specialty (all given must hold). Each criterion is one key here and one
 * sub-query on the server (api/src/modules/segments/filter.ts): adding one (membership status, say)
 * is a key in SEGMENT_FIELDS and a line there.
 */
import { z } from 'zod';
import { MAX_ID } from './constants.js';
import { COUNTRY_CODES } from './profiles/codes.js';
import { tagIdField } from './tags.js';

export const SEGMENT_MESSAGES = {
  empty: 'Choose at least one of tag, country or specialty, or send to every member',
  country: 'Choose a country from the list',
  specialty: 'Choose a specialty from the list',
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
};
export type SegmentCriterion = keyof typeof SEGMENT_FIELDS;
export const SEGMENT_CRITERIA = Object.keys(SEGMENT_FIELDS) as SegmentCriterion[];

export const segmentSchema = z
  .strictObject(SEGMENT_FIELDS)
  .refine((segment) => SEGMENT_CRITERIA.some((key) => segment[key] !== undefined), {
    error: SEGMENT_MESSAGES.empty,
  });
export type Segment = z.output<typeof segmentSchema>;
