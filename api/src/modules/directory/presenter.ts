/** Directory rows as the public sees them: what the consent text names, never the e-mail address. */
import type { DirectoryEntry, DirectoryProfile, PracticeSetting, Specialty } from '@npo/shared';
import { languagesOf } from '../profiles/presenter.js';
import type { DirectoryRow } from './repository.js';

export function presentEntry(row: DirectoryRow, specialties: Specialty[]): DirectoryEntry {
  return {
    slug: row.directory_slug,
    name: row.name,
    title: row.title,
    country: row.country,
    city: row.city,
    languages: languagesOf(row.languages),
    specialties,
    practiceSetting: row.practice_setting as PracticeSetting | '',
  };
}

export function presentProfile(row: DirectoryRow, specialties: Specialty[]): DirectoryProfile {
  return {
    ...presentEntry(row, specialties),
    registrationBody: row.registration_body,
    bio: row.bio,
    website: row.website,
  };
}
