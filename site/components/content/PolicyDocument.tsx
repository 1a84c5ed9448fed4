import { policyOutline, type PolicyVersion } from '@npo/shared';
import type { ContentResult } from '../../lib/content';
import { StatusText } from '../home/Section';

interface PolicyDocumentProps {
  query: ContentResult<PolicyVersion | null>;
  fallback: { title: string; content: string; effectiveDate: string };
  errorText: string;
}

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const formatDate = (iso: string) => longDate.format(new Date(iso));

/** The active privacy policy or terms (SPEC 2): title, effective date, text with its line breaks, last update. */
export function PolicyDocument({ query, fallback, errorText }: PolicyDocumentProps) {
  if (query.isPending) {
    return (
      <div className="container policy">
        <StatusText>Loading...</StatusText>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="container policy">
        <p className="alert alert--error" role="alert">
          {errorText}
        </p>
      </div>
    );
  }
  const policy = query.data;
  const title = policy?.title || fallback.title;
  const effectiveDate = policy ? policy.effectiveDate : fallback.effectiveDate;
  const lastUpdated = policy?.lastUpdated ?? policy?.updatedAt ?? fallback.effectiveDate;
  return (
    <article className="policy">
      <header className="page-header page-header--compact">
        <div className="container page-header__inner">
          <h1 className="page-header__title">{title}</h1>
          {effectiveDate && <p className="page-header__lead">Effective date: {formatDate(effectiveDate)}</p>}
        </div>
      </header>
      <div className="container policy__body">
        <div className="policy__content">
          {policyOutline(policy?.content ?? fallback.content).map((block, index) => {
            const Tag = block.kind;
            return (
              <Tag key={index} className={`policy__${block.kind === 'p' ? 'text' : 'heading'}`}>
                {block.text}
              </Tag>
            );
          })}
        </div>
        <footer className="policy__footer">
          <p>Last updated: {formatDate(lastUpdated)}</p>
          <p>
            Questions about this document? <a href="/connect">Contact us</a>.
          </p>
        </footer>
      </div>
    </article>
  );
}
