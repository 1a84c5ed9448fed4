/**
 * The public content each page shows: where the browser fetches it (the public API) with SPEC 9's
 * cache lifetime and refetch rule, and where the server render reads it (in-process, through
 * pageContext.publicContent). +data files ask for what their page shows; components read it
 * with useContent(), which starts from the server's answer so the first paint needs no request.
 */
import type { PublicContent } from '@npo/api';
import {
  CACHE_LIFETIMES_S,
  REFETCH_ON_MOUNT_AFTER_S,
  type AboutUsVersion,
  type Activity,
  type ContactInfoVersion,
  type Faq,
  type MembershipCard,
  type PolicyVersion,
  type Testimonial,
} from '@npo/shared';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useData } from 'vike-react/useData';
import type { PageContext } from 'vike/types';
import { statusOf, withApi } from './api';

export interface PageContent {
  aboutUs: AboutUsVersion | null;
  contactInfo: ContactInfoVersion | null;
  membershipCards: MembershipCard[];
  testimonials: Testimonial[];
  faqs: Faq[];
  upcomingActivities: Activity[];
  pastActivities: Activity[];
  privacyPolicy: PolicyVersion | null;
  termsOfService: PolicyVersion | null;
}
export type ContentName = keyof PageContent;

interface ContentSource<T> {
  queryKey: readonly string[];
  staleSeconds: number;
  /** SPEC 9: refetch on mount and on reconnect once older than 30 s; the rest never refetch by themselves. */
  refetchWhenOld: boolean;
  fromApi(): Promise<T>;
}

/** A versioned document with no active version answers 404: the page then shows its built-in text. */
async function nullWhenMissing<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

const SOURCES: { [Name in ContentName]: ContentSource<PageContent[Name]> } = {
  aboutUs: {
    queryKey: ['about-us'],
    staleSeconds: CACHE_LIFETIMES_S.about,
    refetchWhenOld: false,
    fromApi: () => nullWhenMissing(withApi((api) => api.content.aboutUs())),
  },
  contactInfo: {
    queryKey: ['contact-info'],
    staleSeconds: CACHE_LIFETIMES_S.contactInfo,
    refetchWhenOld: false,
    fromApi: () => nullWhenMissing(withApi((api) => api.content.contactInfo())),
  },
  membershipCards: {
    queryKey: ['membership-cards'],
    staleSeconds: CACHE_LIFETIMES_S.membershipCards,
    refetchWhenOld: true,
    fromApi: async () => (await withApi((api) => api.content.membershipCards())).cards,
  },
  testimonials: {
    queryKey: ['testimonials'],
    staleSeconds: CACHE_LIFETIMES_S.testimonials,
    refetchWhenOld: false,
    fromApi: async () => (await withApi((api) => api.content.testimonials())).testimonials,
  },
  faqs: {
    queryKey: ['faqs'],
    staleSeconds: CACHE_LIFETIMES_S.faqs,
    refetchWhenOld: true,
    fromApi: async () => (await withApi((api) => api.content.faqs())).faqs,
  },
  upcomingActivities: {
    queryKey: ['activities', 'upcoming'],
    staleSeconds: CACHE_LIFETIMES_S.activities,
    refetchWhenOld: false,
    fromApi: async () => (await withApi((api) => api.content.activities({ status: 'upcoming' }))).activities,
  },
  pastActivities: {
    queryKey: ['activities', 'past'],
    staleSeconds: CACHE_LIFETIMES_S.activities,
    refetchWhenOld: false,
    fromApi: async () => (await withApi((api) => api.content.activities({ status: 'past' }))).activities,
  },
  privacyPolicy: {
    queryKey: ['privacy-policy'],
    staleSeconds: CACHE_LIFETIMES_S.privacyPolicy,
    refetchWhenOld: true,
    fromApi: () => nullWhenMissing(withApi((api) => api.content.privacyPolicy())),
  },
  termsOfService: {
    queryKey: ['terms-of-service'],
    staleSeconds: CACHE_LIFETIMES_S.termsOfService,
    refetchWhenOld: true,
    fromApi: () => nullWhenMissing(withApi((api) => api.content.termsOfService())),
  },
};

/** The same content read in-process by the server render (the answers of the public endpoints). */
const SERVER_LOADERS: { [Name in ContentName]: (content: PublicContent) => Promise<PageContent[Name]> } = {
  aboutUs: (content) => content.aboutUs(),
  contactInfo: (content) => content.contactInfo(),
  membershipCards: async (content) => (await content.membershipCards()).cards,
  testimonials: async (content) => (await content.testimonials()).testimonials,
  faqs: async (content) => (await content.faqs()).faqs,
  upcomingActivities: async (content) => (await content.activities('upcoming')).activities,
  pastActivities: async (content) => (await content.activities('past')).activities,
  privacyPolicy: (content) => content.privacyPolicy(),
  termsOfService: (content) => content.termsOfService(),
};

/** SPEC 9: refetch (on mount, on reconnect) only once the data is older than 30 s. */
const refetchWhenOlderThanRefetchAge = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > REFETCH_ON_MOUNT_AFTER_S * 1000 ? 'always' : false;

/** The footer shows the contact details on every page, so every page's data includes them. */
type Loaded<Name extends ContentName> = Pick<PageContent, Name | 'contactInfo'>;

/**
 * For +data: the server render reads the named content in-process; in the browser (client-side
 * navigation) it answers null and the page's queries fetch, with SPEC's loading texts meanwhile.
 */
export async function loadPageContent<Name extends ContentName>(
  pageContext: PageContext,
  names: readonly Name[],
): Promise<Loaded<Name> | null> {
  // import.meta.env.SSR is false in the browser build, so the server loaders are left out of it.
  const content = import.meta.env.SSR ? pageContext.publicContent : undefined;
  if (!content) return null;
  const wanted = [...new Set<ContentName>([...names, 'contactInfo'])];
  const values = await Promise.all(wanted.map((name) => SERVER_LOADERS[name](content)));
  return Object.fromEntries(wanted.map((name, index) => [name, values[index]])) as Loaded<Name>;
}

/** One piece of content: the server's answer when this page was rendered with it, else the cache or the API. */
export function useContent<Name extends ContentName>(name: Name): UseQueryResult<PageContent[Name]> {
  const pageData = useData<Partial<PageContent> | null | undefined>();
  const source = SOURCES[name] as ContentSource<PageContent[Name]>;
  const initialData = pageData?.[name] as PageContent[Name] | undefined;
  const refetch = source.refetchWhenOld ? refetchWhenOlderThanRefetchAge : false;
  return useQuery<PageContent[Name]>({
    queryKey: source.queryKey,
    queryFn: source.fromApi,
    ...(initialData !== undefined && { initialData }),
    staleTime: source.staleSeconds * 1000,
    refetchOnMount: refetch,
    refetchOnReconnect: refetch,
    refetchOnWindowFocus: false,
    retry: 1,
  });
}
