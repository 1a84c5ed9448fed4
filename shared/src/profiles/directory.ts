/**
 * The public directory of members (issue 57): its query (filters by country, language and
 * specialty, a search of name and city in any case and accents, paged) and the body of "Contact this
 * professional", the site's contact form without the phone number (the member answers by mail).
 */
import { z } from 'zod';
import { DIRECTORY_PAGE_SIZE } from '../constants.js';
import { paginationQuery } from '../schemas/query.js';
import { contactMessageSchema } from '../schemas/content.js';
import { plainString } from '../schemas/fields.js';
import { COUNTRY_CODES, LANGUAGE_CODES } from './codes.js';

/** Empty means "any": the site's filter form sends every field, chosen or not. */
const anyOr = (schema: z.ZodType<string>, error: string) =>
  z
    .union([schema, z.literal('')], { error })
    .transform((value) => value || undefined)
    .optional();

const SPECIALTY_ID = 'Specialty must be a specialty id';

export const directoryQuery = paginationQuery(DIRECTORY_PAGE_SIZE).extend({
  country: anyOr(z.enum(COUNTRY_CODES), 'Country must be an ISO 3166 country code'),
  language: anyOr(z.enum(LANGUAGE_CODES), 'Language must be an ISO 639-1 language code'),
  specialty: anyOr(z.string().regex(/^\d{1,9}$/, SPECIALTY_ID), SPECIALTY_ID)
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .refine((id) => id === undefined || id >= 1, SPECIALTY_ID)
    .optional(),
  q: plainString('Search').trim().max(100, 'Search cannot exceed 100 characters').optional(),
});
export type DirectoryQuery = z.output<typeof directoryQuery>;

/** A listed profile's address: lower-case words and the account id (api: directory/slug.ts). */
export const directorySlugParams = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,120}$/, 'Not a directory address'),
});

/** POST /api/directory/:slug/contact: the visitor's name, address (the reply goes there) and message. */
export const directoryContactSchema = contactMessageSchema.pick({ name: true, email: true, message: true });
export type DirectoryContactInput = z.infer<typeof directoryContactSchema>;

export const DIRECTORY_CONTACT_SENT = 'Thanks! Your message has been sent to this professional.';
