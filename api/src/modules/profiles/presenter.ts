import {
  photoPath,
  type MemberProfile,
  type MemberProfileValues,
  type PracticeSetting,
  type ProfilePhoto,
  type Specialty,
} from '@npo/shared';
import { toBool, toIso, toIsoOrNull } from '../../db/rows.js';
import type { MemberProfileRow } from '../../db/tables.js';

/** ",en,hi," → ["en", "hi"] (the stored form, migration 20261204120000). */
export const languagesOf = (stored: string): string[] => stored.split(',').filter(Boolean);
/** ["en", "hi"] → ",en,hi,"; none → "". */
export const storedLanguages = (codes: readonly string[]): string => (codes.length ? `,${codes.join(',')},` : '');

/** A member who never saved a profile: every field empty, at revision 1 (see memberProfileEntity). */
export const EMPTY_PROFILE: MemberProfile = {
  revision: 1,
  title: '',
  country: '',
  city: '',
  languages: [],
  specialties: [],
  practiceSetting: '',
  registrationBody: '',
  registrationNumber: '',
  bio: '',
  website: '',
  photo: null,
  updatedAt: null,
  listing: { listed: false, consentedAt: null, withdrawnAt: null },
  verification: { status: 'pending', reason: '', decidedAt: null },
};

/** Where each size of the photo of this key (its hash) is served; null without one. */
export function presentPhoto(key: string | undefined): ProfilePhoto {
  if (!key) return null;
  return { key, small: photoPath(key, 96), medium: photoPath(key, 256), large: photoPath(key, 512) };
}

export function presentProfile(
  row: MemberProfileRow | undefined,
  specialties: Specialty[],
  photoHash?: string,
): MemberProfile {
  if (!row) return EMPTY_PROFILE;
  return {
    revision: Number(row.revision),
    title: row.title,
    country: row.country,
    city: row.city,
    languages: languagesOf(row.languages),
    specialties,
    practiceSetting: row.practice_setting as PracticeSetting | '',
    registrationBody: row.registration_body,
    registrationNumber: row.registration_number,
    bio: row.bio,
    website: row.website,
    photo: presentPhoto(photoHash),
    updatedAt: toIso(row.updated_at),
    listing: {
      listed: toBool(row.listed),
      consentedAt: toIsoOrNull(row.listing_consented_at),
      withdrawnAt: toIsoOrNull(row.listing_withdrawn_at),
    },
    verification: {
      status: row.verification,
      reason: row.verification_reason,
      decidedAt: toIsoOrNull(row.verification_decided_at),
    },
  };
}

/** The columns a save writes (not the key, revision or time). */
export function profileColumns(values: MemberProfileValues) {
  return {
    title: values.title,
    country: values.country,
    city: values.city,
    languages: storedLanguages(values.languages),
    practice_setting: values.practiceSetting,
    registration_body: values.registrationBody,
    registration_number: values.registrationNumber,
    bio: values.bio,
    website: values.website,
  };
}
