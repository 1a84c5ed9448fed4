import { countryName, languageName, PRACTICE_SETTINGS, type DirectoryEntry } from '@npo/shared';

/** "Pune, India": where a professional practises, as far as the profile says. */
export function placeOf(professional: Pick<DirectoryEntry, 'city' | 'country'>): string {
  return [professional.city, professional.country && countryName(professional.country)].filter(Boolean).join(', ');
}

/** One professional in the directory's list: name (their page's link), title, place, languages, specialties. */
export function ProfessionalSummary({ professional }: { professional: DirectoryEntry }) {
  const place = placeOf(professional);
  return (
    <article className="card directory-entry">
      <h3 className="directory-entry__name">
        <a href={`/directory/${professional.slug}`}>{professional.name}</a>
      </h3>
      {professional.title && <p className="directory-entry__title">{professional.title}</p>}
      <dl className="directory-entry__facts">
        {place && (
          <>
            <dt>Location</dt>
            <dd>{place}</dd>
          </>
        )}
        {professional.practiceSetting && (
          <>
            <dt>Practice</dt>
            <dd>{PRACTICE_SETTINGS[professional.practiceSetting]}</dd>
          </>
        )}
        {professional.languages.length > 0 && (
          <>
            <dt>Languages</dt>
            <dd>{professional.languages.map(languageName).join(', ')}</dd>
          </>
        )}
        {professional.specialties.length > 0 && (
          <>
            <dt>Specialties</dt>
            <dd>{professional.specialties.map((specialty) => specialty.name).join(', ')}</dd>
          </>
        )}
      </dl>
    </article>
  );
}
