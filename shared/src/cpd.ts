/**
 * Attendance and CPD (issue 58): what staff send to mark who attended, the walk-in form, the check-in
 * code typed at the door, and how CPD hours are written. Hours travel as numbers with at most one
 * decimal (1.5), stored as tenths of an hour on the server.
 */
import { z } from 'zod';
import { MAX_ID } from './constants.js';
import { email, text } from './schemas/fields.js';

/** The most CPD hours one activity can give: a week-long congress; 1000 is a slip of the keyboard. */
export const CPD_HOURS_MAX = 100;
export const CPD_HOURS_MESSAGE = `CPD hours must be a number from 0 to ${CPD_HOURS_MAX}, with at most one decimal`;

/** Whether `hours` has at most one decimal (1.5 yes, 1.25 no), with float noise forgiven. */
const oneDecimal = (hours: number) => Math.abs(hours * 10 - Math.round(hours * 10)) < 1e-9;

/** An activity's CPD hours: null (or left out) when it gives none. */
export const cpdHours = z
  .number({ error: CPD_HOURS_MESSAGE })
  .min(0, CPD_HOURS_MESSAGE)
  .max(CPD_HOURS_MAX, CPD_HOURS_MESSAGE)
  .refine(oneDecimal, CPD_HOURS_MESSAGE)
  .nullable()
  .optional()
  .default(null);

/** "1.5 h" as people read hours: no trailing ".0". */
export function formatCpdHours(hours: number): string {
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;
}

/** How many registrations one mark may name: more than any page of the attendee list. */
export const ATTENDANCE_BATCH_MAX = 500;

const userId = z
  .int({ error: 'Choose a registered person' })
  .positive('Choose a registered person')
  .max(MAX_ID, 'Choose a registered person');

/** Marks (or unmarks) the named registrants attended; every one must be registered. */
export const attendanceSchema = z.object({
  userIds: z
    .array(userId, { error: 'Choose who attended' })
    .min(1, 'Choose who attended')
    .max(ATTENDANCE_BATCH_MAX, `At most ${ATTENDANCE_BATCH_MAX} people at once`),
  attended: z.boolean({ error: 'Say whether they attended' }),
});
export type AttendanceInput = z.infer<typeof attendanceSchema>;

/** The check-in code's alphabet: no 0/O or 1/I, so what is read aloud or typed is unambiguous. */
export const CHECK_IN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CHECK_IN_LENGTH = 6;
const CHECK_IN_MESSAGE = `Enter the ${CHECK_IN_LENGTH}-character check-in code`;

/** A code as typed at the door: any case, spaces and dashes ignored. */
export const checkInSchema = z.object({
  code: z
    .string({ error: CHECK_IN_MESSAGE })
    .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .length(CHECK_IN_LENGTH, CHECK_IN_MESSAGE)
        .regex(new RegExp(`^[${CHECK_IN_ALPHABET}]+$`), CHECK_IN_MESSAGE),
    ),
});
export type CheckInInput = z.infer<typeof checkInSchema>;

/** Someone who came without registering: registered and attended at once. */
export const walkInSchema = z.object({
  name: text(2, 'Name must be at least 2 characters', 100, 'Name cannot exceed 100 characters'),
  email: email('Enter a valid email'),
});
export type WalkInInput = z.infer<typeof walkInSchema>;

/**
 * A certificate's verification code: 16 characters of base32 (RFC 4648), 80 random bits, shown in
 * groups of four. The public route takes any text and answers "not found" alike for every wrong one.
 */
export const CERTIFICATE_CODE_LENGTH = 16;

/** The code as written on the certificate: ABCD-EFGH-IJKL-MNOP. */
export function groupedCertificateCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}
