import { countryName, languageName, PRACTICE_SETTINGS, type DirectoryEntry } from '@npo/shared';

/** "Pune, India": where a professional practises, as far as the profile says. */
export function placeOf(professional: Pick<DirectoryEntry, 'city' | 'country'>): string {
  return [professional.city, professional.country && countryName(professional.country)].filter(Boolean).join(', ');
}

/** The size the list shows a photo at, in CSS pixels (the 96 px image, the 256 px one on dense screens). */
const LIST_PHOTO = 72;

/**
 * A professional's photo, its name as the alternative text, at a fixed size so nothing moves when it
 * arrives; `lazy` below the fold (the directory's list).
 */
export function ProfessionalPhoto({
  professional,
  size,
  lazy,
}: {
  professional: Pick<DirectoryEntry, 'name' | 'photo'>;
  size: number;
  lazy?: boolean;
}) {
  const { photo } = professional;
  if (!photo) return null;
  const [src, dense] = size <= 96 ? [photo.small, photo.medium] : [photo.medium, photo.large];
  return (
    <img
      className="directory-photo"
      src={src}
      srcSet={`${src} 1x, ${dense} 2x`}
      alt={professional.name}
      width={size}
      height={size}
      {...(lazy && { loading: 'lazy' as const })}
      decoding="async"
    />
  );
}

/** One professional in the directory's list: name (their page's link), title, place, languages, specialties. */
export function ProfessionalSummary({ professional }: { professional: DirectoryEntry }) {
  const place = placeOf(professional);
  return (
    <article className={`card directory-entry${professional.photo ? ' directory-entry--photo' : ''}`}>
      <ProfessionalPhoto professional={professional} size={LIST_PHOTO} lazy />
      <div className="directory-entry__body">
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
      </div>
    </article>
  );
}
