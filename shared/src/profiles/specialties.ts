/**
 * The specialties staff keep (issue 57): the list a profile's specialties are chosen from. Names are
 * unique in any case ("Sports nutrition" and "sports nutrition" are one); removing one that profiles
 * name takes it off them, but only when the caller says so (the console asks first, with the count).
 */
import { z } from 'zod';
import { plainString } from '../schemas/fields.js';

export const SPECIALTY_NAME_MAX = 80;

export const SPECIALTY_MESSAGES = {
  name: `Give the specialty a name of at most ${SPECIALTY_NAME_MAX} characters.`,
  taken: 'A specialty of this name exists already.',
} as const;

/** "3 profiles name this specialty": why a remove without removeFromProfiles is refused. */
export const specialtyInUseMessage = (profiles: number): string =>
  `${profiles} ${profiles === 1 ? 'profile names' : 'profiles name'} this specialty: confirm to remove it from ${profiles === 1 ? 'it' : 'them'} too.`;

/** The body of POST /api/admin/specialties and PUT /api/admin/specialties/:id. */
export const specialtySchema = z.strictObject({
  name: plainString('Name', SPECIALTY_MESSAGES.name)
    .trim()
    .min(1, SPECIALTY_MESSAGES.name)
    .max(SPECIALTY_NAME_MAX, SPECIALTY_MESSAGES.name),
});
export type SpecialtyInput = z.input<typeof specialtySchema>;

/** The query of DELETE /api/admin/specialties/:id. */
export const specialtyRemoveQuery = z.strictObject({
  removeFromProfiles: z
    .enum(['true', 'false'], { error: 'removeFromProfiles must be true or false' })
    .default('false')
    .transform((value) => value === 'true')
    .describe('true: also take it off the profiles that name it (without it, a specialty in use is refused)'),
});

/** The key names are unique by: trimmed, in lower case (any language's letters). */
export const specialtyKey = (name: string): string => name.trim().toLowerCase();
