/** A listed professional's schema.org Person data; `<` is escaped so no value can close the script element. */
import type { DirectoryProfile } from '@npo/shared';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { personJsonLd } from '../../../../components/directory/person-json-ld';

export default function Head() {
  const data = useData<{ professional?: DirectoryProfile } | undefined>();
  const pageContext = usePageContext();
  const professional = data?.professional;
  if (!professional) return null;
  const base = (pageContext.publicUrl ?? '').replace(/\/+$/, '');
  const json = JSON.stringify(personJsonLd(professional, `${base}${pageContext.urlPathname}`, `${base}/`));
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json.replace(/</g, '\\u003c') }} />;
}
