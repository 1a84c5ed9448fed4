/** Schemas of the content forms of SPEC 5, used by the console and by the API. */
import { z } from 'zod';
import {
  ACTIVITY_STATUSES,
  CONTACT_MESSAGE_BULK_ACTIONS,
  CONTACT_MESSAGE_BULK_MAX_IDS,
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_STAFF_STATES,
  CONTACT_REPLY_MAX,
} from '../constants.js';
import { ADMIN_ROLES, normalisePermissions } from '../permissions.js';
import { contactMessagesFilter } from './query.js';
import { cpdHours } from '../cpd.js';
import { clientId, email, flag, isoDateTime, optionalWebUrl, plainString, text } from './fields.js';

const LONG_TEXT_MAX = 5000;

export const membershipCardSchema = z.object({
  clientId,
  type: text(1, 'Type is required', 50, 'Type cannot exceed 50 characters'),
  title: text(3, 'Title must be at least 3 characters', 200, 'Title cannot exceed 200 characters'),
  subtitle: text(10, 'Subtitle must be at least 10 characters', 1000, 'Subtitle cannot exceed 1000 characters'),
  points: z
    .array(
      z.object({ value: text(3, 'Point must be at least 3 characters', 300, 'Point cannot exceed 300 characters') }),
      { error: 'At least one point is required' },
    )
    .min(1, 'At least one point is required')
    .max(20, 'A card can have at most 20 points'),
  /** Left out: a new card is active, an edited one keeps its state. */
  isActive: flag('isActive must be true or false').optional(),
});

export const aboutUsSchema = z.object({
  clientId,
  description: text(
    20,
    'Description must be at least 20 characters',
    LONG_TEXT_MAX,
    'Description cannot exceed 5000 characters',
  ),
  aims: text(20, 'Aims must be at least 20 characters', LONG_TEXT_MAX, 'Aims cannot exceed 5000 characters'),
  objectives: z
    .array(
      z.object({
        title: text(
          3,
          'Objective title must be at least 3 characters',
          200,
          'Objective title cannot exceed 200 characters',
        ),
        description: text(
          10,
          'Objective description must be at least 10 characters',
          2000,
          'Objective description cannot exceed 2000 characters',
        ),
      }),
      { error: 'At least one objective is required' },
    )
    .min(1, 'At least one objective is required')
    .max(30, 'At most 30 objectives are allowed'),
});

const STATUS_MESSAGE = 'Status must be either upcoming or past.';

export const activitySchema = z.object({
  clientId,
  title: text(3, 'Title must be at least 3 characters', 200, 'Title cannot exceed 200 characters'),
  description: text(
    10,
    'Description must be at least 10 characters',
    LONG_TEXT_MAX,
    'Description cannot exceed 5000 characters',
  ),
  date: isoDateTime('Date is required'),
  location: text(2, 'Location must be at least 2 characters', 200, 'Location cannot exceed 200 characters'),
  status: z.enum(ACTIVITY_STATUSES, { error: STATUS_MESSAGE }).optional().default('upcoming'),
  /** Empty values are dropped before the one-tag minimum is checked. */
  tags: z
    .array(plainString('Tag', 'Tags must be text').trim().max(50, 'A tag cannot exceed 50 characters'), {
      error: 'At least one tag is required',
    })
    .transform((tags) => tags.filter((tag) => tag.length > 0))
    .pipe(z.array(z.string()).min(1, 'At least one tag is required').max(20, 'At most 20 tags are allowed')),
  capacity: z
    .number({ error: 'Capacity must be a whole number' })
    .int('Capacity must be a whole number')
    .positive('Capacity must be at least 1')
    .max(100000, 'Capacity cannot exceed 100000')
    .nullable()
    .optional()
    .default(null),
  /** The CPD hours attending gives (issue 58); null: none, and no certificate. */
  cpdHours,
});

const URL_MESSAGE = 'Must be a valid URL (https://...) or empty';

export const contactInfoSchema = z.object({
  clientId,
  email: email('Enter a valid email'),
  phone: text(10, 'Phone must be at least 10 characters', 30, 'Phone cannot exceed 30 characters'),
  instagram: text(2, 'Instagram must be at least 2 characters', 100, 'Instagram cannot exceed 100 characters'),
  socialLinks: z
    .object({
      instagram: optionalWebUrl(URL_MESSAGE),
      facebook: optionalWebUrl(URL_MESSAGE),
      twitter: optionalWebUrl(URL_MESSAGE),
      linkedin: optionalWebUrl(URL_MESSAGE),
    })
    .optional()
    .default({ instagram: '', facebook: '', twitter: '', linkedin: '' }),
});

export const testimonialSchema = z.object({
  clientId,
  name: text(2, 'Name must be at least 2 characters', 100, 'Name cannot exceed 100 characters'),
  role: text(3, 'Role must be at least 3 characters', 150, 'Role cannot exceed 150 characters'),
  quote: text(10, 'Quote must be at least 10 characters', 500, 'Quote must not exceed 500 characters.'),
  /** Left out: a new testimonial is active and not featured, an edited one keeps both. */
  isActive: flag('isActive must be true or false').optional(),
  isFeatured: flag('isFeatured must be true or false').optional(),
});

export const faqSchema = z.object({
  clientId,
  question: text(10, 'Question must be at least 10 characters', 500, 'Question cannot exceed 500 characters'),
  answer: text(20, 'Answer must be at least 20 characters', 2000, 'Answer cannot exceed 2000 characters'),
  /** Kept only when non-empty. */
  category: plainString('Category', 'Category must be text')
    .trim()
    .max(100, 'Category cannot exceed 100 characters')
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  isActive: flag('isActive must be true or false').optional().default(true),
  // The position column is a 32-bit integer: a larger number must be refused here, not by the database.
  order: z
    .number({ error: 'Order must be a whole number' })
    .int()
    .min(0)
    .max(2_147_483_647, 'Order cannot exceed 2147483647')
    .optional(),
});

/** A reorder names every item of the list once, in its new order (DESIGN: FAQs, membership cards). */
function reorderSchema(noun: string) {
  return z.object({
    ids: z
      .array(
        z
          .number({ error: `ids must be ${noun} ids` })
          .int()
          .positive(),
        {
          error: `ids must list every ${noun} id`,
        },
      )
      .min(1, `ids must list every ${noun} id`)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'ids must not repeat' }),
  });
}

export const faqReorderSchema = reorderSchema('FAQ');
export const membershipCardReorderSchema = reorderSchema('card');

/** Privacy policy and terms: an empty title falls back to the document's name. */
export function policySchema(defaultTitle: 'Privacy Policy' | 'Terms of Service') {
  return z.object({
    clientId,
    title: plainString('Title', 'Title is required')
      .trim()
      .max(200, 'Title cannot exceed 200 characters')
      .nullable()
      .optional()
      .transform((value) => (value ? value : defaultTitle)),
    content: text(
      100,
      'Content must be at least 100 characters long',
      100000,
      'Content cannot exceed 100000 characters',
    ),
    effectiveDate: z
      .union([z.literal(''), z.null(), isoDateTime('Effective date must be a valid date')])
      .optional()
      .transform((value) => (value ? value : null)),
  });
}
export const privacyPolicySchema = policySchema('Privacy Policy');
export const termsOfServiceSchema = policySchema('Terms of Service');

const permissionsInput = z
  .record(
    z.string(),
    z.object({
      view: z.boolean({ error: 'Permissions must be true or false' }).optional(),
      edit: z.boolean({ error: 'Permissions must be true or false' }).optional(),
      delete: z.boolean({ error: 'Permissions must be true or false' }).optional(),
    }),
    { error: 'Permissions must map modules to view, edit and delete' },
  )
  .optional()
  .transform(normalisePermissions);

export const adminUserSchema = z.object({
  clientId,
  name: text(2, 'Name must be at least 2 characters', 100, 'Name cannot exceed 100 characters'),
  email: email('Enter a valid email'),
  role: z.enum(ADMIN_ROLES, { error: 'Role must be admin or super_admin' }),
  permissions: permissionsInput,
});

export const contactMessageSchema = z.object({
  name: text(2, 'Name must be at least 2 characters.', 100, 'Name cannot exceed 100 characters.'),
  email: email('Please enter a valid email address.'),
  phone: plainString('Phone number', 'Phone number is required.')
    .trim()
    .min(1, 'Phone number is required.')
    .regex(
      /^\+\d{1,4}\d{6,14}$/,
      'Phone number must start with + followed by country code and 6-14 digits (e.g., +1234567890).',
    ),
  message: text(
    10,
    'Message must be at least 10 characters.',
    CONTACT_MESSAGE_MAX,
    `Message cannot exceed ${CONTACT_MESSAGE_MAX} characters.`,
  ),
});

/** PATCH /api/admin/contact-messages/:id/state: staff move a message between the inbox states. */
export const contactMessageStateSchema = z.object({
  state: z.enum(CONTACT_MESSAGE_STAFF_STATES, { error: 'State must be new, read, archived or spam.' }),
});

/**
 * POST /api/admin/contact-messages/bulk: one action on the messages named by `ids`, or on every
 * message `matching` an inbox filter and search (the console's "all matching"), never both.
 */
export const contactMessagesBulkSchema = z
  .object({
    action: z.enum(CONTACT_MESSAGE_BULK_ACTIONS, {
      error: 'Action must be read, unread, spam, archived or delete.',
    }),
    ids: z
      .array(z.number({ error: 'Each id must be a number.' }).int('Each id must be a whole number.').positive(), {
        error: 'Ids must be a list of message ids.',
      })
      .min(1, 'Select at least one message.')
      .max(CONTACT_MESSAGE_BULK_MAX_IDS, `At most ${CONTACT_MESSAGE_BULK_MAX_IDS} ids at once; use "all matching".`)
      .optional(),
    matching: contactMessagesFilter.optional(),
  })
  .superRefine((input, context) => {
    if ((input.ids === undefined) === (input.matching === undefined))
      context.addIssue({ code: 'custom', path: ['ids'], message: 'Give either ids or matching, not both.' });
  });

/** POST /api/admin/contact-messages/:id/replies: staff answer a message by mail, from the console. */
export const contactReplySchema = z.object({
  clientId,
  body: text(1, 'Reply cannot be empty.', CONTACT_REPLY_MAX, `Reply cannot exceed ${CONTACT_REPLY_MAX} characters.`),
});

export { phoneText, sanitisePhoneInput } from '../phone.js';

export type MembershipCardInput = z.infer<typeof membershipCardSchema>;
export type AboutUsInput = z.infer<typeof aboutUsSchema>;
export type ActivityInput = z.infer<typeof activitySchema>;
export type ContactInfoInput = z.infer<typeof contactInfoSchema>;
export type TestimonialInput = z.infer<typeof testimonialSchema>;
export type FaqInput = z.infer<typeof faqSchema>;
export type FaqReorderInput = z.infer<typeof faqReorderSchema>;
export type PolicyInput = z.infer<typeof privacyPolicySchema>;
export type AdminUserInput = z.infer<typeof adminUserSchema>;
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
export type ContactMessageStateInput = z.infer<typeof contactMessageStateSchema>;
export type ContactMessagesBulkInput = z.infer<typeof contactMessagesBulkSchema>;
export type ContactReplyInput = z.infer<typeof contactReplySchema>;

/** Issue 21 item 3: when an inactive version goes live. The server refuses a time in the past. */
export const SCHEDULE_IN_PAST = 'Choose a time in the future';
export const versionScheduleSchema = z.object({
  activateAt: isoDateTime('Activation time must be a valid date and time'),
});
export type VersionScheduleInput = z.infer<typeof versionScheduleSchema>;
