/**
 * A listed professional's page (issue 57): what the directory consent names, never the e-mail
 * address, and "Contact this professional", whose message the server relays by mail.
 */
import { languageName, PRACTICE_SETTINGS, type DirectoryProfile } from '@npo/shared';
import { useData } from 'vike-react/useData';
import { PageHeader } from '../../../../components/content/PageHeader';
import { ContactProfessionalForm } from '../../../../components/directory/ContactProfessionalForm';
import { placeOf, ProfessionalPhoto } from '../../../../components/directory/ProfessionalSummary';

export default function ProfessionalPage() {
  const { professional } = useData<{ professional: DirectoryProfile }>();
  const place = placeOf(professional);
  const facts: [string, string][] = [
    ['Location', place],
    ['Practice setting', professional.practiceSetting ? PRACTICE_SETTINGS[professional.practiceSetting] : ''],
    ['Languages', professional.languages.map(languageName).join(', ')],
    ['Specialties', professional.specialties.map((specialty) => specialty.name).join(', ')],
    ['Registered with', professional.registrationBody],
  ];
  return (
    <>
      <PageHeader eyebrow="Directory" title={professional.name}>
        {professional.title || undefined}
      </PageHeader>
      <section className="section">
        <div className="container directory-profile">
          <div className="directory-profile__main">
            <p>
              <a href="/directory">← All professionals</a>
            </p>
            <ProfessionalPhoto professional={professional} size={160} />
            <dl className="directory-entry__facts directory-entry__facts--large">
              {facts
                .filter(([, value]) => value)
                .map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              {professional.website && (
                <div>
                  <dt>Website</dt>
                  <dd>
                    <a href={professional.website} rel="noopener noreferrer nofollow" target="_blank">
                      {professional.website}
                    </a>
                  </dd>
                </div>
              )}
            </dl>
            {professional.bio && (
              <>
                <h2 className="section__title section__title--small">About</h2>
                <p className="directory-profile__bio">{professional.bio}</p>
              </>
            )}
            <p className="directory-profile__verified">Registration verified by our staff.</p>
          </div>
          <ContactProfessionalForm slug={professional.slug} name={professional.name} />
        </div>
      </section>
    </>
  );
}
