/**
 * The public directory of members (issue 57): its pages, a professional's page, the slugs of the
 * sitemap, and "Contact this professional", relayed to the member through the mail queue with the
 * visitor as Reply-To. The relay is bounded per sender address (as the contact form is) and per
 * professional, on top of the contact form's per-address and site-wide limits (flood.ts).
 */
import {
  DIRECTORY_CONTACT_SENT,
  type DirectoryContactInput,
  type DirectoryEntry,
  type DirectoryProfile,
  type DirectoryQuery,
  type ListData,
  type Specialty,
} from '@npo/shared';
import type { AppDeps } from '../../deps.js';
import { found, tooManyRequests } from '../../errors.js';
import type { createRateLimiter } from '../../lib/rate-limits.js';
import { pagination } from '../../lib/respond.js';
import { directoryContactMail } from '../../mail/templates.js';
import { CONTACT_THROTTLE } from '../contact-messages/service.js';
import { presentEntry, presentProfile } from './presenter.js';
import { membershipTerms } from '../renewals/terms.js';
import { createDirectoryRepository, type DirectoryRow } from './repository.js';

/** Per sender address, as the contact form counts them (CONTACT_THROTTLE). */
const PER_SENDER = { limit: CONTACT_THROTTLE.maxMessages, windowMs: CONTACT_THROTTLE.windowMs };

/** Messages one professional receives through the directory in a day, at most: nobody floods one member. */
export const DIRECTORY_CONTACT_PER_PROFESSIONAL = { limit: 20, windowMs: 24 * 60 * 60 * 1000 } as const;

export const PROFESSIONAL = 'Professional';
export { DIRECTORY_CONTACT_SENT };

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export function createDirectoryService(deps: AppDeps) {
  const directory = createDirectoryRepository(deps.db, () => membershipTerms(deps).today);

  /** The rows presented with their specialties and photos (two batched reads, whatever the page's size). */
  async function withSpecialties<T>(
    rows: DirectoryRow[],
    present: (row: DirectoryRow, of: Specialty[], photoHash?: string) => T,
  ) {
    const userIds = rows.map((row) => row.user_id);
    const [specialties, photos] = await Promise.all([directory.specialtiesOf(userIds), directory.photosOf(userIds)]);
    return rows.map((row) => present(row, specialties.get(row.user_id) ?? [], photos.get(row.user_id)));
  }

  /** A listed professional, or null (the API answers 404, the site its 404 page). */
  async function profileOrNull(slug: string): Promise<DirectoryProfile | null> {
    const row = await directory.bySlug(slug);
    if (!row) return null;
    const [profile] = await withSpecialties([row], presentProfile);
    return profile ?? null;
  }

  /** The address of a professional's page on the site. */
  const pageUrl = (slug: string) => `${deps.config.publicUrl.replace(/\/+$/, '')}/directory/${slug}`;

  return {
    async list(query: DirectoryQuery): Promise<ListData<'professionals', DirectoryEntry>> {
      const { page, limit, ...filter } = query;
      const { rows, total } = await directory.page(filter, { page, limit });
      return { professionals: await withSpecialties(rows, presentEntry), pagination: pagination(page, limit, total) };
    },

    profileOrNull,

    profile: async (slug: string): Promise<DirectoryProfile> => found(await profileOrNull(slug), PROFESSIONAL),

    slugs: (): Promise<string[]> => directory.slugs(),

    /** Queues the visitor's message to the professional; 404 for a slug not listed (now). */
    async contact(
      slug: string,
      input: DirectoryContactInput,
      limits: ReturnType<typeof createRateLimiter>,
    ): Promise<void> {
      const row = found(await directory.bySlug(slug), PROFESSIONAL);
      await limits.limitSubject('directory.sender', input.email.toLowerCase(), PER_SENDER, (seconds) =>
        tooManyRequests(
          `Too many messages from this email address. Please try again in ${minutes(seconds)} minutes.`,
          seconds,
        ),
      );
      await limits.limitSubject(
        'directory.professional',
        String(row.user_id),
        DIRECTORY_CONTACT_PER_PROFESSIONAL,
        (s) => tooManyRequests(`This professional has received many messages today. Please try again later.`, s),
      );
      await deps.db.transaction((trx) =>
        deps.mailer.enqueue(trx, directoryContactMail(row.email, row.name, input, pageUrl(slug))),
      );
    },
  };
}

/**
 * For the account writes whose route does not say it changes public content (staff's edit of an
 * account, its status), as most accounts are staff's: the content version is bumped when the account
 * was ever listed in the directory (it has a slug), so its listing follows the change at once.
 */
export async function announceIfEverListed(deps: AppDeps, userId: number): Promise<void> {
  const row = await deps
    .db('member_profiles')
    .where({ user_id: userId })
    .whereNotNull('directory_slug')
    .first('user_id');
  if (row) await deps.contentChanges.bump();
}
