/**
 * A member's professional profile (issue 57): what the member keeps on /account/profile and staff
 * edit in the member's detail, with the messages each field refuses with. Empty text means "not
 * given". Country and languages are ISO codes (codes.ts); specialties are ids of the list staff keep
 * (the server refuses an id it does not hold, with the same field message).
 */
import { z } from 'zod';
import { isWebUrl, plainString } from '../schemas/fields.js';
import { COUNTRY_CODES, LANGUAGE_CODES } from './codes.js';

/** Where a member practises: a fixed list (the directory filters by it later). */
export const PRACTICE_SETTINGS = {
  hospital: 'Hospital or clinic',
  private_practice: 'Private practice',
  community: 'Community or public health',
  food_service: 'Food service',
  research: 'Research or education',
  industry: 'Industry',
  sports: 'Sports nutrition',
  other: 'Other',
} as const;
export type PracticeSetting = keyof typeof PRACTICE_SETTINGS;
export const PRACTICE_SETTING_CODES = Object.keys(PRACTICE_SETTINGS) as [PracticeSetting, ...PracticeSetting[]];

export const PROFILE_BIO_MAX = 1000;
export const PROFILE_MAX_LANGUAGES = 20;
export const PROFILE_MAX_SPECIALTIES = 10;

export const PROFILE_MESSAGES = {
  title: 'Professional title cannot be longer than 100 characters.',
  country: 'Choose a country from the list.',
  city: 'City cannot be longer than 100 characters.',
  languages: 'Choose languages from the list.',
  tooManyLanguages: `Choose at most ${PROFILE_MAX_LANGUAGES} languages.`,
  specialties: 'Choose specialties from the list.',
  tooManySpecialties: `Choose at most ${PROFILE_MAX_SPECIALTIES} specialties.`,
  practiceSetting: 'Choose a practice setting from the list.',
  registrationBody: 'Registration body cannot be longer than 150 characters.',
  registrationNumber: 'Registration number cannot be longer than 60 characters.',
  bio: 'Bio cannot be longer than 1,000 characters.',
  website: 'Website must be a full http:// or https:// address.',
} as const;

/** Trimmed text of at most `max` characters; empty means not given. */
function optionalText(label: string, max: number, message: string) {
  return plainString(label, `${label} must be text.`).trim().max(max, message);
}

/** A list without repeats, in the order first given. */
const unique = <T>(values: T[]): T[] => [...new Set(values)];

const languageList = z
  .array(z.enum(LANGUAGE_CODES, { error: PROFILE_MESSAGES.languages }), { error: PROFILE_MESSAGES.languages })
  .transform(unique)
  .refine((codes) => codes.length <= PROFILE_MAX_LANGUAGES, { error: PROFILE_MESSAGES.tooManyLanguages });

const specialtyList = z
  .array(z.int({ error: PROFILE_MESSAGES.specialties }).min(1, PROFILE_MESSAGES.specialties).max(2_147_483_647), {
    error: PROFILE_MESSAGES.specialties,
  })
  .transform(unique)
  .refine((ids) => ids.length <= PROFILE_MAX_SPECIALTIES, { error: PROFILE_MESSAGES.tooManySpecialties });

const fields = {
  title: optionalText('Professional title', 100, PROFILE_MESSAGES.title),
  country: z.union([z.enum(COUNTRY_CODES), z.literal('')], { error: PROFILE_MESSAGES.country }),
  city: optionalText('City', 100, PROFILE_MESSAGES.city),
  languages: languageList,
  specialtyIds: specialtyList,
  practiceSetting: z.union([z.enum(PRACTICE_SETTING_CODES), z.literal('')], {
    error: PROFILE_MESSAGES.practiceSetting,
  }),
  registrationBody: optionalText('Registration body', 150, PROFILE_MESSAGES.registrationBody),
  registrationNumber: optionalText('Registration number', 60, PROFILE_MESSAGES.registrationNumber),
  bio: plainString('Bio', 'Bio must be text.').trim().max(PROFILE_BIO_MAX, PROFILE_MESSAGES.bio),
  website: plainString('Website', 'Website must be text.')
    .trim()
    .max(300, PROFILE_MESSAGES.website)
    .refine((value) => value === '' || isWebUrl(value), { error: PROFILE_MESSAGES.website }),
};

/**
 * The body of PUT /api/account/profile and PUT /api/admin/members/:id/profile: the whole profile, every
 * field present (a PUT replaces it; empty text and empty lists clear a field).
 */
export const memberProfileSchema = z.strictObject(fields);
export type MemberProfileInput = z.input<typeof memberProfileSchema>;
export type MemberProfileValues = z.output<typeof memberProfileSchema>;

/** A profile with nothing given: what a form starts from, and what clears a profile. */
export const EMPTY_PROFILE_INPUT: MemberProfileValues = {
  title: '',
  country: '',
  city: '',
  languages: [],
  specialtyIds: [],
  practiceSetting: '',
  registrationBody: '',
  registrationNumber: '',
  bio: '',
  website: '',
};

/** A comma-separated form value ("en,hi") as the list the profile takes. */
const splitList = (value: string): string[] => (value === '' ? [] : value.split(','));

/**
 * The same rules over a form's string values (the site's and console's forms keep strings): lists
 * are comma-separated codes or ids.
 */
export const memberProfileFormSchema = z
  .object({
    ...fields,
    languages: z.string().transform(splitList).pipe(languageList),
    specialtyIds: z
      .string()
      .transform((value) => splitList(value).map(Number))
      .pipe(specialtyList),
  })
  .transform((values): MemberProfileValues => values);

export type MemberProfileFormField = keyof typeof fields;

/** A profile form's values: every field a string, the lists comma-separated. */
export type MemberProfileFormValues = Record<MemberProfileFormField, string>;

/** A stored profile (its specialties as the answer names them) as a form's starting values. */
export function profileFormValues(
  profile: Omit<MemberProfileValues, 'specialtyIds'> & { specialties: readonly { id: number }[] },
): MemberProfileFormValues {
  return {
    title: profile.title,
    country: profile.country,
    city: profile.city,
    languages: profile.languages.join(','),
    specialtyIds: profile.specialties.map((specialty) => specialty.id).join(','),
    practiceSetting: profile.practiceSetting,
    registrationBody: profile.registrationBody,
    registrationNumber: profile.registrationNumber,
    bio: profile.bio,
    website: profile.website,
  };
}

/** Staff's check of a member's registration, which a directory listing needs (issue 57). */
export const VERIFICATION_STATUSES = ['pending', 'verified', 'declined'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const VERIFICATION_LABELS: Record<VerificationStatus, string> = {
  pending: 'Pending verification',
  verified: 'Verified',
  declined: 'Declined',
};

/**
 * What a member agrees to by choosing to be listed; the server keeps this text with the date (so the
 * record says what was agreed to even after the wording changes).
 */
export const DIRECTORY_CONSENT_TEXT =
  'I agree that my name, professional title, country, city, languages, specialties, practice setting, registration body, bio and website are shown in the public directory of members once staff have verified my registration. My e-mail address is never shown. I can withdraw at any time, and my listing is then removed at once.';

export const DECLINE_REASON_MAX = 500;
export const DECLINE_REASON_REQUIRED = 'Give the reason the member will read (at most 500 characters).';

/** The body of PUT /api/account/profile/listing: the member's choice. */
export const directoryListingSchema = z.strictObject({
  listed: z.boolean({ error: 'listed must be true or false' }),
});

/** The body of PUT /api/admin/members/:id/verification: staff's decision on the registration. */
export const verificationSchema = z
  .strictObject({
    status: z.enum(VERIFICATION_STATUSES, { error: 'Status must be pending, verified or declined' }),
    reason: plainString('Reason', DECLINE_REASON_REQUIRED)
      .trim()
      .max(DECLINE_REASON_MAX, DECLINE_REASON_REQUIRED)
      .default(''),
  })
  .refine((decision) => decision.status !== 'declined' || decision.reason !== '', {
    error: DECLINE_REASON_REQUIRED,
    path: ['reason'],
  });
export type VerificationInput = z.input<typeof verificationSchema>;
