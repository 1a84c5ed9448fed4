/**
 * The one place that knows when a public section shows SPEC's built-in content (SPEC 2 and 8): the
 * site falls back when the public answer of the section is empty, and each public answer lists only
 * active rows (the active version of About and contact info; active cards, testimonials and FAQs).
 * The dashboard and each module's console screen ask this, never decide it themselves.
 */
import { PUBLIC_SECTION_NAMES, type PublicSection } from '@npo/shared';
import type { Db } from '../../db/connection.js';
import { toBool } from '../../db/rows.js';
import type { TableName } from '../../db/tables.js';

/** The rows behind each section's public answer: those with is_active true. */
const PUBLIC_ROWS: Record<PublicSection, TableName> = {
  about: 'about_us_versions',
  membershipCards: 'membership_cards',
  testimonials: 'testimonials',
  contactInfo: 'contact_info_versions',
  faqs: 'faqs',
  privacyPolicy: 'privacy_policy_versions',
  termsOfService: 'terms_of_service_versions',
};

/** The sections with nothing public, in PUBLIC_SECTIONS' order; one statement of one EXISTS per section. */
export async function sectionsOnDefaults(db: Db): Promise<PublicSection[]> {
  const columns = PUBLIC_SECTION_NAMES.map((section) =>
    db.raw('exists (select 1 from ?? where is_active = ?) as ??', [PUBLIC_ROWS[section], true, section]),
  );
  const row = (await db.select(...columns).first()) as Record<PublicSection, unknown>;
  return PUBLIC_SECTION_NAMES.filter((section) => !toBool(row[section]));
}
