import { usePageContext } from 'vike-react/usePageContext';
import { PageHeader } from '../../components/content/PageHeader';
import { ArrowRightIcon } from '../../components/page-icons';
import { SiteChrome } from '../../components/layout/SiteChrome';

const SUGGESTIONS = [
  { href: '/#about', label: 'About Us', text: 'Who we are, our aims and objectives' },
  { href: '/#membership-benefits', label: 'Membership Benefits', text: 'What members get from the network' },
  { href: '/#activities', label: 'Activities', text: 'Upcoming webinars, workshops and events' },
  { href: '/join-us', label: 'Join Us', text: 'How to become a member (it is free)' },
  { href: '/connect', label: 'Connect With Us', text: 'Send a message or read the FAQs' },
];

/** 404 and server errors: say what happened and offer the way on, inside the normal header and footer. */
export default function ErrorPage() {
  const { is404 } = usePageContext();
  return (
    <SiteChrome>
      <PageHeader eyebrow={is404 ? 'Error 404' : 'Error 500'} title={is404 ? 'Page not found' : 'Something went wrong'}>
        {is404
          ? 'Sorry, we could not find the page you were looking for. It may have moved, or the address may be mistyped.'
          : 'We could not load this page just now. Please try again in a moment.'}
      </PageHeader>
      <section className="section" aria-labelledby="error-next">
        <div className="container error-page">
          <h2 id="error-next" className="section__title section__title--small">
            Where would you like to go?
          </h2>
          <ul className="suggestions">
            {SUGGESTIONS.map((suggestion) => (
              <li key={suggestion.href}>
                <a href={suggestion.href} className="card suggestion">
                  <span>
                    <span className="suggestion__label">{suggestion.label}</span>
                    <span className="suggestion__text">{suggestion.text}</span>
                  </span>
                  <ArrowRightIcon size={18} />
                </a>
              </li>
            ))}
          </ul>
          <a href="/" className="button button--primary">
            Go to the homepage
          </a>
        </div>
      </section>
    </SiteChrome>
  );
}
