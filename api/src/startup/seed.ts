/** Demo content for an empty database: SPEC's built-in fallback texts, as real rows. */
import {
  defaultAboutUs,
  defaultActivities,
  defaultContactInfo,
  defaultFaqs,
  defaultMembershipCards,
  defaultPrivacyPolicy,
  defaultTermsOfService,
  defaultTestimonials,
} from '@npo/shared';
import type { Db } from '../db/connection.js';
import { jsonText } from '../db/rows.js';
import { CONTENT_TABLES } from '../db/tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function isContentEmpty(db: Db): Promise<boolean> {
  for (const table of CONTENT_TABLES) {
    if (await db(table).first('id')) return false;
  }
  return true;
}

/** Seeds only a database with no content at all, so content that staff deleted never comes back. */
export async function seedDemoContent(db: Db, now: Date): Promise<boolean> {
  if (!(await isContentEmpty(db))) return false;
  const stamps = { created_at: now, updated_at: now };
  await db.transaction(async (trx) => {
    await trx('membership_cards').insert(
      defaultMembershipCards.map((card) => ({ ...card, points: jsonText(card.points), is_active: true, ...stamps })),
    );
    await trx('about_us_versions').insert({
      version: 1,
      is_active: true,
      description: defaultAboutUs.description,
      aims: defaultAboutUs.aims,
      objectives: jsonText(defaultAboutUs.objectives),
      ...stamps,
    });
    await trx('contact_info_versions').insert({
      version: 1,
      is_active: true,
      email: defaultContactInfo.email,
      phone: defaultContactInfo.phone,
      instagram: defaultContactInfo.instagram,
      social_links: jsonText(defaultContactInfo.socialLinks),
      ...stamps,
    });
    for (const [table, policy] of [
      ['privacy_policy_versions', defaultPrivacyPolicy],
      ['terms_of_service_versions', defaultTermsOfService],
    ] as const) {
      await trx(table).insert({
        version: 1,
        is_active: true,
        title: policy.title,
        content: policy.content,
        effective_date: new Date(policy.effectiveDate),
        ...stamps,
      });
    }
    await trx('activities').insert(
      defaultActivities.map((activity) => {
        const day = new Date(now.getTime() + activity.daysFromNow * DAY_MS);
        day.setUTCHours(activity.hourUtc, 0, 0, 0);
        return {
          title: activity.title,
          description: activity.description,
          date: day,
          location: activity.location,
          status: activity.status,
          tags: jsonText(activity.tags),
          capacity: activity.capacity,
          ...stamps,
        };
      }),
    );
    await trx('testimonials').insert(
      defaultTestimonials.map((testimonial) => ({
        name: testimonial.name,
        role: testimonial.role,
        quote: testimonial.quote,
        is_featured: testimonial.isFeatured,
        is_active: true,
        ...stamps,
      })),
    );
    await trx('faqs').insert(
      defaultFaqs.map((faq, index) => ({
        question: faq.question,
        answer: faq.answer,
        category: faq.category,
        is_active: true,
        sort_order: index,
        ...stamps,
      })),
    );
  });
  return true;
}
