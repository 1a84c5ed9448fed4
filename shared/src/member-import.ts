/**
 * Importing members from a CSV file (issue 22): the limits, the request bodies and the answers of
 * the dry run and of the import. The file travels as text in a JSON body, so the route table's
 * validation, Idempotency-Key and OpenAPI apply to it like to every other write.
 */
import { z } from 'zod';

/** Characters of the file's text (about 10 MB of UTF-8 for plain names and addresses). */
export const MEMBER_IMPORT_MAX_CHARS = 10_000_000;
/** Data rows of one file (the header row not counted). */
export const MEMBER_IMPORT_MAX_ROWS = 50_000;

const csv = z
  .string({ error: 'Choose a CSV file' })
  .min(1, 'The file is empty')
  .max(MEMBER_IMPORT_MAX_CHARS, 'The file is larger than 10 MB')
  // A NUL never appears in text: the file is binary (a spreadsheet's own format, an image...).
  .refine((text) => !text.includes('\u0000'), 'The file is not a CSV file (it holds binary data)');

export const memberImportPreviewSchema = z.object({ csv });
export const memberImportSchema = z.object({
  csv,
  /** Mail each new member a link to choose their password (7 days). */
  sendWelcomeMail: z.boolean({ error: 'sendWelcomeMail must be true or false' }).default(false),
});
export type MemberImportPreviewInput = z.input<typeof memberImportPreviewSchema>;
export type MemberImportInput = z.input<typeof memberImportSchema>;

/** new: imported; existing: a member with that e-mail already (skipped); invalid: skipped, with the reason. */
export const MEMBER_IMPORT_OUTCOMES = ['new', 'existing', 'invalid'] as const;
export type MemberImportOutcome = (typeof MEMBER_IMPORT_OUTCOMES)[number];

/**
 * The columns an import reads (issue 57), by header name in any case and spacing: the name and
 * e-mail (required), the profile fields and the tags. Any other column is ignored, by name, and the
 * dry run says so. The members export writes the first header of each, so an export imports back.
 * Lists (languages, specialties, tags) are separated by semicolons; languages also by commas.
 */
export const MEMBER_IMPORT_HEADERS = {
  name: ['name', 'full name'],
  email: ['e-mail', 'email', 'email address', 'e-mail address'],
  title: ['title', 'professional title'],
  country: ['country'],
  city: ['city'],
  languages: ['languages', 'languages spoken'],
  specialties: ['specialties', 'specialty'],
  practiceSetting: ['practice setting'],
  registrationBody: ['registration body'],
  registrationNumber: ['registration number'],
  bio: ['bio'],
  website: ['website'],
  tags: ['tags'],
  // Memberships that renew: YYYY-MM-DD, or empty for an open-ended membership.
  renewalDate: ['renewal date', 'renewal', 'renews on', 'membership renewal date'],
} as const;
export type MemberImportField = keyof typeof MEMBER_IMPORT_HEADERS;
export const MEMBER_IMPORT_FIELDS = Object.keys(MEMBER_IMPORT_HEADERS) as [MemberImportField, ...MemberImportField[]];

/** The labels the console's dry run shows beside each mapped column. */
export const MEMBER_IMPORT_FIELD_LABELS: Record<MemberImportField, string> = {
  name: 'Name',
  email: 'E-mail',
  title: 'Professional title',
  country: 'Country',
  city: 'City',
  languages: 'Languages',
  specialties: 'Specialties',
  practiceSetting: 'Practice setting',
  registrationBody: 'Registration body',
  registrationNumber: 'Registration number',
  bio: 'Bio',
  website: 'Website',
  tags: 'Tags',
  renewalDate: 'Renewal date',
};
