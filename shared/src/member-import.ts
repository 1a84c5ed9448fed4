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
