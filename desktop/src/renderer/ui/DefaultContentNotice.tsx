/**
 * Issue 21 item 4: a module screen says when its public section shows SPEC's built-in content, with a
 * link to that section on the site. The server decides (GET /api/admin/default-content); this only
 * asks. The answer sits under the dashboard's key, which every console change refreshes.
 */
import { Callout, Icon } from '@blueprintjs/core';
import { DEFAULT_CONTENT_NOTICE, PUBLIC_SECTIONS, type PublicSection } from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { platform } from '../platform';

/** A link (not a button: it goes somewhere) to the section on the public site, opened outside the console. */
export function PublicSectionLink({ section, text }: { section: PublicSection; text: string }) {
  const { href } = PUBLIC_SECTIONS[section];
  return (
    <a
      className="public-section-link"
      href={platform.publicSiteUrl(href)}
      onClick={(event) => {
        event.preventDefault();
        platform.openPublicSite(href);
      }}
    >
      <Icon icon="share" size={12} aria-hidden /> {text}
    </a>
  );
}

export function DefaultContentNotice({ section }: { section: PublicSection }) {
  const query = useQuery({ queryKey: queryKeys.defaultContent, queryFn: api.admin.defaultContent });
  if (!query.data?.sections.includes(section)) return null;
  return (
    <Callout intent="warning" icon="info-sign" className="default-content-notice" data-testid="default-content-notice">
      <p>{DEFAULT_CONTENT_NOTICE}</p>
      <PublicSectionLink section={section} text={`View ${PUBLIC_SECTIONS[section].label} on the site`} />
    </Callout>
  );
}
