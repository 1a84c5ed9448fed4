/**
 * The public content each page shows: where the browser fetches it (the public API) with SPEC 9's
 * cache lifetime and refetch rule, and where the server render reads it (in-process, through
 * pageContext.publicContent). +data files ask for what their page shows; components read it
 * with useContent(), which starts from the server's answer so the first paint needs no request.
 * The browser keeps what it read for the whole visit in a small store of its own (no query library:
 * the site's pages load less JavaScript without one).
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
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
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
    staleSeconds: CACHE_LIFETIMES_S.about,
    refetchWhenOld: false,
    fromApi: () => nullWhenMissing(withApi((api) => api.content.aboutUs())),
  },
  contactInfo: {
    staleSeconds: CACHE_LIFETIMES_S.contactInfo,
    refetchWhenOld: false,
    fromApi: () => nullWhenMissing(withApi((api) => api.content.contactInfo())),
  },
  membershipCards: {
    staleSeconds: CACHE_LIFETIMES_S.membershipCards,
    refetchWhenOld: true,
    fromApi: async () => (await withApi((api) => api.content.membershipCards())).cards,
  },
  testimonials: {
    staleSeconds: CACHE_LIFETIMES_S.testimonials,
    refetchWhenOld: false,
    fromApi: async () => (await withApi((api) => api.content.testimonials())).testimonials,
  },
  faqs: {
    staleSeconds: CACHE_LIFETIMES_S.faqs,
    refetchWhenOld: true,
    fromApi: async () => (await withApi((api) => api.content.faqs())).faqs,
  },
  upcomingActivities: {
    staleSeconds: CACHE_LIFETIMES_S.activities,
    refetchWhenOld: false,
    fromApi: async () => (await withApi((api) => api.content.activities({ status: 'upcoming' }))).activities,
  },
  pastActivities: {
    staleSeconds: CACHE_LIFETIMES_S.activities,
    refetchWhenOld: false,
    fromApi: async () => (await withApi((api) => api.content.activities({ status: 'past' }))).activities,
  },
  privacyPolicy: {
    staleSeconds: CACHE_LIFETIMES_S.privacyPolicy,
    refetchWhenOld: true,
    fromApi: () => nullWhenMissing(withApi((api) => api.content.privacyPolicy())),
  },
  termsOfService: {
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

/** What a component reads of one piece of content (the shape of a query's result it needs). */
export interface ContentResult<T> {
  data: T | undefined;
  /** Nothing to show yet: the first fetch is under way. */
  isPending: boolean;
  /** The last fetch failed (after one retry). */
  isError: boolean;
}

interface Entry {
  data: unknown;
  /** When `data` was received (ms); 0 while there is none. */
  updatedAt: number;
  error: boolean;
  fetching: boolean;
}

/** The browser's content for the whole visit (never filled on the server, whose renders share modules). */
const entries = new Map<ContentName, Entry>();
const listeners = new Set<() => void>();
/** How many mounted components read each piece: reconnecting refetches those (SPEC 9). */
const mounted = new Map<ContentName, number>();

function publish(name: ContentName, entry: Entry): void {
  entries.set(name, entry);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isOld = (entry: Entry | undefined) =>
  !entry || entry.updatedAt === 0 || Date.now() - entry.updatedAt > REFETCH_ON_MOUNT_AFTER_S * 1000;

/** Fetches one piece (one retry), keeping what was there while it runs. */
async function fetchContent(name: ContentName): Promise<void> {
  const before = entries.get(name);
  if (before?.fetching) return;
  const keep = before ?? { data: undefined, updatedAt: 0, error: false, fetching: false };
  publish(name, { ...keep, fetching: true });
  for (let attempt = 0; ; attempt += 1) {
    try {
      const data = await SOURCES[name].fromApi();
      publish(name, { data, updatedAt: Date.now(), error: false, fetching: false });
      return;
    } catch {
      if (attempt >= 1) {
        publish(name, { ...(entries.get(name) ?? keep), error: true, fetching: false });
        return;
      }
    }
  }
}

/** SPEC 9: on reconnect, what is on screen and marked to refetch is asked again once older than 30 s. */
let reconnectListening = false;
function listenForReconnect(): void {
  if (reconnectListening) return;
  reconnectListening = true;
  window.addEventListener('online', () => {
    for (const [name, count] of mounted) {
      if (count > 0 && SOURCES[name].refetchWhenOld && isOld(entries.get(name))) void fetchContent(name);
    }
  });
}

/** One piece of content: the server's answer when this page was rendered with it, else the store or the API. */
export function useContent<Name extends ContentName>(name: Name): ContentResult<PageContent[Name]> {
  const pageData = useData<Partial<PageContent> | null | undefined>();
  const initialData = pageData?.[name];
  // The server's answer goes in the store before the first read (as a query's initial data would),
  // once, when the component first renders.
  useState(() => {
    if (!import.meta.env.SSR && initialData !== undefined && entries.get(name)?.data === undefined) {
      entries.set(name, { data: initialData, updatedAt: Date.now(), error: false, fetching: false });
    }
  });
  const fromServer = useMemo<Entry | undefined>(
    () => (initialData === undefined ? undefined : { data: initialData, updatedAt: 1, error: false, fetching: false }),
    [initialData],
  );
  const entry = useSyncExternalStore(
    subscribe,
    () => entries.get(name) ?? fromServer,
    () => fromServer,
  );

  useEffect(() => {
    mounted.set(name, (mounted.get(name) ?? 0) + 1);
    listenForReconnect();
    const current = entries.get(name);
    // Nothing yet (a client-side navigation): fetch. Otherwise SPEC 9's rule: only the pieces marked
    // to refetch, and only once their data is older than 30 s.
    if (current?.data === undefined) void fetchContent(name);
    else if (SOURCES[name].refetchWhenOld && isOld(current)) void fetchContent(name);
    return () => {
      mounted.set(name, (mounted.get(name) ?? 1) - 1);
    };
  }, [name]);

  const data = entry?.data as PageContent[Name] | undefined;
  return { data, isPending: data === undefined && !entry?.error, isError: entry?.error ?? false };
}
