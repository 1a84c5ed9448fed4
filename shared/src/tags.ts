/**
 * Tags on members (issue 57): a list staff keep (create, rename, delete), each put on members by hand
 * or by the import's "tags" column. A name is unique in any case ("Board" and "board" are one tag).
 */
import { z } from 'zod';
import { MAX_ID } from './constants.js';
import { plainString } from './schemas/fields.js';

export const TAG_NAME_MAX = 60;
export const TAG_MESSAGES = {
  name: `Tag name is required (at most ${TAG_NAME_MAX} characters)`,
  separator: 'Tag name cannot hold a semicolon (the import and export separate tags with it)',
  taken: 'A tag with this name exists already',
  unknown: 'Choose a tag that exists',
} as const;

/** A tag's name: trimmed, inner runs of spaces made one; `;` separates tags in the CSV files. */
export const tagName = plainString('Tag name', TAG_MESSAGES.name)
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, TAG_MESSAGES.name).max(TAG_NAME_MAX, TAG_MESSAGES.name))
  .refine((value) => !value.includes(';'), TAG_MESSAGES.separator);

/** The body of POST /api/admin/tags and PUT /api/admin/tags/:id. */
export const tagSchema = z.strictObject({ name: tagName });
export type TagInput = z.input<typeof tagSchema>;

/** The key a name is unique by: lower case (the same in every locale). */
export const tagKey = (name: string): string => name.toLowerCase();

/** A tag id as a body or query gives it. */
export const tagIdField = z
  .int({ error: TAG_MESSAGES.unknown })
  .positive(TAG_MESSAGES.unknown)
  .max(MAX_ID, TAG_MESSAGES.unknown);

/** The body of PATCH /api/admin/members/:id/tags: tags to put on the member and to take off. */
export const memberTagsChangeSchema = z
  .strictObject({
    add: z.array(tagIdField, { error: TAG_MESSAGES.unknown }).max(50).default([]),
    remove: z.array(tagIdField, { error: TAG_MESSAGES.unknown }).max(50).default([]),
  })
  .refine((change) => change.add.length + change.remove.length > 0, {
    error: 'Choose a tag to add or remove',
    path: ['add'],
  })
  .refine((change) => !change.add.some((id) => change.remove.includes(id)), {
    error: 'A tag cannot be both added and removed',
    path: ['remove'],
  });
export type MemberTagsChange = z.input<typeof memberTagsChangeSchema>;
