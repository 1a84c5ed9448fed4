/**
 * The public directory (issue 57): the members who chose to be listed and whose registration staff
 * verified, by name, with filters by country, language and specialty and a search of name and city
 * (in any case and accents). The filters are a plain GET form and the pager plain links, so every
 * view of the directory has its own address, works without script and is cached like other pages.
 */
import { countryName, countryOptions, languageName, languageOptions } from '@npo/shared';
import { useData } from 'vike-react/useData';
import { PageHeader } from '../../../components/content/PageHeader';
import { ProfessionalSummary } from '../../../components/directory/ProfessionalSummary';
import { directoryHref, type DirectoryPageData } from '../../../lib/directory';

function Filters({ data }: { data: DirectoryPageData }) {
  const { filter, specialties } = data;
  return (
    <form className="card directory-filters" method="get" action="/directory" role="search" aria-label="Directory">
      <div className="field">
        <label className="field__label" htmlFor="directory-q">
          Name or city
        </label>
        <input id="directory-q" className="input" type="search" name="q" defaultValue={filter.q ?? ''} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="directory-country">
          Country
        </label>
        <select id="directory-country" className="input input--select" name="country" defaultValue={filter.country}>
          <option value="">Any country</option>
          {countryOptions().map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="directory-language">
          Language
        </label>
        <select id="directory-language" className="input input--select" name="language" defaultValue={filter.language}>
          <option value="">Any language</option>
          {languageOptions().map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="directory-specialty">
          Specialty
        </label>
        <select
          id="directory-specialty"
          className="input input--select"
          name="specialty"
          defaultValue={filter.specialty}
        >
          <option value="">Any specialty</option>
          {specialties.map((specialty) => (
            <option key={specialty.id} value={String(specialty.id)}>
              {specialty.name}
            </option>
          ))}
        </select>
      </div>
      <div className="directory-filters__actions">
        <button type="submit" className="button button--primary">
          Search
        </button>
        <a href="/directory" className="button button--secondary">
          Clear
        </a>
      </div>
    </form>
  );
}

/** "3 professionals in India who speak Hindi": what the list shows, in words. */
function summaryOf({ result, filter, specialties }: DirectoryPageData): string {
  const { total } = result.pagination;
  const parts = [`${total} ${total === 1 ? 'professional' : 'professionals'}`];
  if (filter.country) parts.push(`in ${countryName(filter.country)}`);
  if (filter.language) parts.push(`speaking ${languageName(filter.language)}`);
  const specialty = specialties.find((each) => String(each.id) === filter.specialty);
  if (specialty) parts.push(`in ${specialty.name.toLowerCase()}`);
  if (filter.q) parts.push(`matching “${filter.q}”`);
  return parts.join(' ');
}

function Pager({ data }: { data: DirectoryPageData }) {
  const { page, pages } = data.result.pagination;
  if (pages <= 1) return null;
  const to = (next: number) => directoryHref({ ...data.filter, page: next === 1 ? undefined : String(next) });
  return (
    <nav className="directory-pager" aria-label="Pages of the directory">
      {page > 1 ? (
        <a href={to(page - 1)} className="button button--secondary" rel="prev">
          Previous
        </a>
      ) : (
        <span />
      )}
      <span>{`Page ${page} of ${pages}`}</span>
      {page < pages ? (
        <a href={to(page + 1)} className="button button--secondary" rel="next">
          Next
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

export default function DirectoryPage() {
  const { directory } = useData<{ directory: DirectoryPageData }>();
  const { professionals } = directory.result;
  return (
    <>
      <PageHeader eyebrow="Directory" title="Find a Professional">
        Dietitians and nutritionists of our network who chose to be listed. Staff verify each one’s registration before
        it appears here.
      </PageHeader>
      <section className="section" aria-labelledby="directory-results">
        <div className="container directory">
          <Filters data={directory} />
          <div className="directory__results">
            <h2 id="directory-results" className="directory__summary" aria-live="polite">
              {summaryOf(directory)}
            </h2>
            {professionals.length === 0 ? (
              <p>No professional matches this search. Try fewer filters.</p>
            ) : (
              <ul className="directory__list">
                {professionals.map((professional) => (
                  <li key={professional.slug}>
                    <ProfessionalSummary professional={professional} />
                  </li>
                ))}
              </ul>
            )}
            <Pager data={directory} />
          </div>
        </div>
      </section>
    </>
  );
}
