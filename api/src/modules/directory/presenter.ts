/** Directory rows as the public sees them: what the consent text names, never the e-mail address. */
import type { DirectoryEntry, DirectoryProfile, PracticeSetting, Specialty } from '@npo/shared';
import { languagesOf, presentPhoto } from '../profiles/presenter.js';
import type { DirectoryRow } from './repository.js';

/** `photoHash`: the member's photo's key, undefined without one. */
export function presentEntry(row: DirectoryRow, specialties: Specialty[], photoHash?: string): DirectoryEntry {
  return {
    slug: row.directory_slug,
    name: row.name,
    title: row.title,
    country: row.country,
    city: row.city,
    languages: languagesOf(row.languages),
    specialties,
    practiceSetting: row.practice_setting as PracticeSetting | '',
    photo: presentPhoto(photoHash),
  };
}

export function presentProfile(row: DirectoryRow, specialties: Specialty[], photoHash?: string): DirectoryProfile {
  return {
    ...presentEntry(row, specialties, photoHash),
    registrationBody: row.registration_body,
    bio: row.bio,
    website: row.website,
  };
}
