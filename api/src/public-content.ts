/**
 * What the public GET endpoints answer, as plain functions for the site's server render: the page is
 * built in the same process as the API, so it reads the same services instead of calling itself over
 * HTTP. Lists answer the endpoint's `data` for its default query (page 1, the public limit); a versioned
 * document answers its active version, or null where the endpoint would answer 404.
 */
import {
  MAX_PAGE_LIMIT,
  type AboutUsVersion,
  type Activity,
  type ActivityStatus,
  type ContactInfoVersion,
  type DirectoryEntry,
  type DirectoryProfile,
  type DirectoryQuery,
  type Specialty,
  type Faq,
  type ListData,
  type MembershipCard,
  type PolicyVersion,
  type Testimonial,
} from '@npo/shared';
import type { PageResult } from './db/table.js';
import type { AppDeps } from './deps.js';
import { pagination } from './lib/respond.js';
import { aboutUsKind } from './modules/about-us/repository.js';
import { createActivitiesService } from './modules/activities/service.js';
import { contactInfoKind } from './modules/contact-info/repository.js';
import { createDirectoryService } from './modules/directory/service.js';
import { createProfilesRepository } from './modules/profiles/repository.js';
import { createFaqsService } from './modules/faqs/service.js';
import { createMembershipCardsService } from './modules/membership-cards/service.js';
import { privacyPolicyKind } from './modules/privacy-policy/repository.js';
import { termsOfServiceKind } from './modules/terms-of-service/repository.js';
import { createTestimonialsService } from './modules/testimonials/service.js';
import { createVersionedService } from './modules/versioned/service.js';

const FIRST_PUBLIC_PAGE = { page: 1, limit: MAX_PAGE_LIMIT };

function asList<Name extends string, Item>(collection: Name, result: PageResult<Item>): ListData<Name, Item> {
  const { page, limit } = FIRST_PUBLIC_PAGE;
  return { [collection]: result.items, pagination: pagination(page, limit, result.total) } as ListData<Name, Item>;
}

export function createPublicContent(deps: AppDeps) {
  const cards = createMembershipCardsService(deps);
  const activities = createActivitiesService(deps);
  const testimonials = createTestimonialsService(deps);
  const faqs = createFaqsService(deps);
  const aboutUs = createVersionedService(deps, aboutUsKind);
  const contactInfo = createVersionedService(deps, contactInfoKind);
  const privacyPolicy = createVersionedService(deps, privacyPolicyKind);
  const termsOfService = createVersionedService(deps, termsOfServiceKind);
  const directory = createDirectoryService(deps);

  return {
    /** GET /api/membership-cards */
    membershipCards: async (): Promise<ListData<'cards', MembershipCard>> =>
      asList('cards', await cards.listPublic(FIRST_PUBLIC_PAGE)),
    /** GET /api/activities?status= */
    activities: async (status?: ActivityStatus): Promise<ListData<'activities', Activity>> =>
      asList('activities', await activities.list({ ...FIRST_PUBLIC_PAGE, status })),
    /** GET /api/testimonials */
    testimonials: async (): Promise<ListData<'testimonials', Testimonial>> =>
      asList('testimonials', await testimonials.listPublic(FIRST_PUBLIC_PAGE)),
    /** GET /api/faqs */
    faqs: async (): Promise<ListData<'faqs', Faq>> => asList('faqs', await faqs.listPublic(FIRST_PUBLIC_PAGE)),
    /** GET /api/about-us */
    aboutUs: (): Promise<AboutUsVersion | null> => aboutUs.activeOrNull(),
    /** GET /api/contact-info */
    contactInfo: (): Promise<ContactInfoVersion | null> => contactInfo.activeOrNull(),
    /** GET /api/privacy-policy */
    privacyPolicy: (): Promise<PolicyVersion | null> => privacyPolicy.activeOrNull(),
    /** GET /api/terms-of-service */
    termsOfService: (): Promise<PolicyVersion | null> => termsOfService.activeOrNull(),
    /** GET /api/directory with the page's query (already validated by the page). */
    directory: (query: DirectoryQuery): Promise<ListData<'professionals', DirectoryEntry>> => directory.list(query),
    /** GET /api/directory/:slug, or null where it answers 404. */
    directoryProfile: (slug: string): Promise<DirectoryProfile | null> => directory.profileOrNull(slug),
    /** Every listed profile's slug (the sitemap). */
    directorySlugs: (): Promise<string[]> => directory.slugs(),
    /** GET /api/specialties (the directory's filter). */
    specialties: (): Promise<Specialty[]> => createProfilesRepository(deps.db).specialties(),
  };
}

export type PublicContent = ReturnType<typeof createPublicContent>;
