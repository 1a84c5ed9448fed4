/**
 * schema.org Person data of a listed professional (issue 57), for search engines: what the page
 * shows, never the e-mail address.
 */
import { languageName, organisationName, type DirectoryProfile } from '@npo/shared';

export function personJsonLd(professional: DirectoryProfile, url: string, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: professional.name,
    url,
    ...(professional.title && { jobTitle: professional.title }),
    ...(professional.photo && { image: `${siteUrl.replace(/\/+$/, '')}${professional.photo.large}` }),
    ...(professional.bio && { description: professional.bio }),
    ...((professional.city || professional.country) && {
      address: {
        '@type': 'PostalAddress',
        ...(professional.city && { addressLocality: professional.city }),
        ...(professional.country && { addressCountry: professional.country }),
      },
    }),
    ...(professional.languages.length > 0 && { knowsLanguage: professional.languages.map(languageName) }),
    ...(professional.specialties.length > 0 && {
      knowsAbout: professional.specialties.map((specialty) => specialty.name),
    }),
    ...(professional.website && { sameAs: [professional.website] }),
    memberOf: { '@type': 'Organization', name: organisationName, url: siteUrl },
  };
}
