/**
 * The public directory's page data (issue 57): the server render reads it in-process (as the other
 * public pages read theirs, lib/content.ts); after a client-side navigation the browser asks the
 * API. The query is read from the URL: the server validates it (a bad value is dropped, as if not
 * chosen), the API validates what the browser sends.
 */
import {
  DIRECTORY_READS,
  type DirectoryEntry,
  type DirectoryProfile,
  type ListData,
  type Specialty,
} from '@npo/shared';
import { render } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { statusOf, withApi } from './api';
import type { DirectoryFilter } from './directory-query';

export type { DirectoryFilter };

export interface DirectoryPageData {
  result: ListData<'professionals', DirectoryEntry>;
  specialties: Specialty[];
  /** What the visitor chose, as the URL says it (the form shows it again). */
  filter: DirectoryFilter;
}

/** The directory's parameters of the URL, the empty ones left out. */
export function filterOf(search: Record<string, string>): DirectoryFilter {
  const filter: DirectoryFilter = {};
  for (const name of DIRECTORY_READS) if (search[name]) filter[name] = search[name];
  return filter;
}

/** The directory's address for `filter` (and a page of it). */
export function directoryHref(filter: DirectoryFilter): string {
  const params = new URLSearchParams(Object.entries(filter).filter(([, value]) => value));
  const query = params.toString();
  return query ? `/directory?${query}` : '/directory';
}

export async function loadDirectory(pageContext: PageContext): Promise<DirectoryPageData> {
  const filter = filterOf(pageContext.urlParsed.search);
  const content = import.meta.env.SSR ? pageContext.publicContent : undefined;
  if (content) {
    const { validDirectoryQuery } = await import('./directory-query');
    const { query, kept } = validDirectoryQuery(filter);
    const [result, specialties] = await Promise.all([content.directory(query), content.specialties()]);
    return { result, specialties, filter: kept };
  }
  const [result, specialties] = await withApi((api) =>
    Promise.all([api.content.directory(filter), api.content.specialties()]),
  );
  return { result, specialties, filter };
}

const SLUG = /^[a-z0-9-]{1,120}$/;

/** A listed professional, or the 404 page (withdrawn, deactivated, erased, or never listed). */
export async function loadProfessional(pageContext: PageContext): Promise<DirectoryProfile> {
  const slug = pageContext.routeParams.slug ?? '';
  if (!SLUG.test(slug)) throw render(404);
  const content = import.meta.env.SSR ? pageContext.publicContent : undefined;
  if (content) {
    const professional = await content.directoryProfile(slug);
    if (!professional) throw render(404);
    return professional;
  }
  try {
    return await withApi((api) => api.content.professional(slug));
  } catch (error) {
    if (statusOf(error) === 404) throw render(404);
    throw error;
  }
}
