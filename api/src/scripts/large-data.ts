/**
 * The large data set of issue 9 (scale with data): 100,000 members, 10,000 activities with 50,000
 * registrations, 50,000 contact messages and 1,000 FAQs, plus a few admins; and (issue 57) 20,000
 * of the active members with a professional profile, listed in the directory and verified. Deterministic (a seeded
 * PRNG and a given `now`), so two runs give the same rows and the benchmarks compare like with like.
 * Used by `npm run seed:large` (seed-large.ts) and by the query-plan test with a small `scale`.
 */
import { fullPermissions } from '@npo/shared';
import { isPostgres, type Db } from '../db/connection.js';
import { jsonText } from '../db/rows.js';
import type { TableName } from '../db/tables.js';
import { hashPassword } from '../lib/passwords.js';
import { createRandom, type Random } from '../lib/seeded-random.js';
import { directorySlug } from '../modules/directory/slug.js';

export const FULL_COUNTS = {
  members: 100_000,
  activities: 10_000,
  registrations: 50_000,
  messages: 50_000,
  faqs: 1_000,
  /** Listed and verified professional profiles of active members (the public directory). */
  profiles: 20_000,
} as const;

/** Seeded staff accounts: never scaled, so the admins list always has some rows to page through. */
export const SEEDED_ADMINS = 12;
export const SEEDED_SUPER_ADMINS = 3;

/** Every seeded account's e-mail ends so; finding one tells that the data is already there. */
export const SEED_DOMAIN = 'large.example.org';
/** The password of every seeded account (hashed once): development data only. */
export const SEED_PASSWORD = 'large-data-password';

export type Counts = Record<keyof typeof FULL_COUNTS, number>;

export interface SeedOptions {
  now: Date;
  /** 1 gives FULL_COUNTS; 0.01 a hundredth of each. */
  scale?: number;
  seed?: number;
  /** Told the progress, one line per table. */
  log?: (line: string) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per INSERT: knex writes SQLite's as one compound SELECT, which SQLite caps at 500 terms. */
const BATCH = 400;

export function scaledCounts(scale = 1): Counts {
  const scaled = (count: number) => Math.max(1, Math.round(count * scale));
  return {
    members: scaled(FULL_COUNTS.members),
    activities: scaled(FULL_COUNTS.activities),
    registrations: scaled(FULL_COUNTS.registrations),
    messages: scaled(FULL_COUNTS.messages),
    faqs: scaled(FULL_COUNTS.faqs),
    profiles: scaled(FULL_COUNTS.profiles),
  };
}

// Accented names on purpose: accent-insensitive search needs data to find.
const FIRST_NAMES = [
  'Zoë', 'José', 'Renée', 'Søren', 'Chloé', 'Ångström', 'Łukasz', 'Inês', 'Müge', 'François',
  'Ana', 'Björn', 'Élodie', 'Ñuño', 'Anaïs', 'Jürgen', 'Małgorzata', 'Thiago', 'Aisha', 'Kenji',
  'Maria', 'John', 'Fatima', 'Olivia', 'Liam', 'Noah', 'Emma', 'Lucía', 'Mateo', 'Priya',
] as const; // prettier-ignore
const LAST_NAMES = [
  'Müller', 'García', 'Nuñez', 'Øvergaard', 'Dvořák', 'Łęcki', 'Šimić', 'Gonçalves', 'Böhm', 'Lefèvre',
  'Smith', 'Jones', 'Okafor', 'Tanaka', 'Kowalski', 'Rossi', 'Dubois', 'Hernández', 'Nguyễn', 'Papadopoulos',
] as const; // prettier-ignore
const CITIES = ['Lisbon', 'Zürich', 'São Paulo', 'Kraków', 'Reykjavík', 'Nairobi', 'Montréal', 'Online'] as const;
/** A city of each country (the directory's profiles): accented ones, for the search to fold. */
const PLACES = [
  ['PT', 'Lisbon'], ['CH', 'Zürich'], ['BR', 'São Paulo'], ['PL', 'Kraków'], ['IS', 'Reykjavík'],
  ['KE', 'Nairobi'], ['CA', 'Montréal'], ['IN', 'Pune'], ['DE', 'Köln'], ['FR', 'Besançon'],
  ['ES', 'Córdoba'], ['GB', 'Leeds'], ['US', 'Boston'], ['JP', 'Ōsaka'], ['NG', 'Lagos'],
] as const; // prettier-ignore
const LANGUAGE_SETS = [',en,', ',en,fr,', ',pt,', ',de,en,', ',es,en,', ',hi,en,', ',pl,', ',ja,', ',fr,'] as const;
const TOPICS = ['Nutrition', 'Dietetics', 'Sports', 'Paediatrics', 'Public health', 'Research'] as const;
const FORMATS = ['Workshop', 'Webinar', 'Congress', 'Course', 'Meet-up'] as const;
const CATEGORIES = ['Membership', 'Events', 'Account', 'Payments', 'Research', null] as const;

/** Rows inserted BATCH at a time, each batch one statement, all inside `trx`. */
async function insertBatched(trx: Db, table: string, count: number, row: (index: number) => object): Promise<void> {
  for (let start = 0; start < count; start += BATCH) {
    const rows = [];
    for (let index = start; index < Math.min(count, start + BATCH); index += 1) rows.push(row(index));
    await trx(table).insert(rows);
  }
}

/** A date `days` before `now` at most; a little skewed towards recent ones, as sign-ups and messages grow. */
function recentDate(random: Random, now: Date, days: number): Date {
  const ago = Math.pow(random.next(), 1.2) * days * DAY_MS;
  return new Date(now.getTime() - Math.floor(ago));
}

function personName(random: Random): string {
  return `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
}

/** ASCII local part: e-mails stay plain while the names carry the accents. */
function seededEmail(kind: string, index: number): string {
  return `${kind}${index}@${SEED_DOMAIN}`;
}

export async function hasLargeData(db: Db): Promise<boolean> {
  return Boolean(
    await db('users')
      .where({ email: seededEmail('member', 0) })
      .first('id'),
  );
}

async function seedUsers(trx: Db, random: Random, now: Date, members: number, passwordHash: string) {
  const staff = SEEDED_ADMINS + SEEDED_SUPER_ADMINS;
  const permissions = jsonText(fullPermissions());
  await insertBatched(trx, 'users', staff + members, (index) => {
    const isStaff = index < staff;
    const createdAt = recentDate(random, now, isStaff ? 1_500 : 3 * 365);
    return {
      name: personName(random),
      email: isStaff ? seededEmail('admin', index) : seededEmail('member', index - staff),
      password_hash: passwordHash,
      role: !isStaff ? 'member' : index < SEEDED_SUPER_ADMINS ? 'super_admin' : 'admin',
      permissions: isStaff ? permissions : '{}',
      token_version: 0,
      is_active: random.chance(0.95),
      last_login_at: random.chance(0.6)
        ? new Date(createdAt.getTime() + random.int(now.getTime() - createdAt.getTime()))
        : null,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
}

/** Three years back to one ahead: about a quarter upcoming, the status following the date. */
async function seedActivities(trx: Db, random: Random, now: Date, count: number): Promise<void> {
  await insertBatched(trx, 'activities', count, () => {
    const date = new Date(now.getTime() + Math.floor((random.next() * 4 - 3) * 365 * DAY_MS));
    const createdAt = new Date(Math.min(now.getTime(), date.getTime() - random.int(120) * DAY_MS));
    const topic = random.pick(TOPICS);
    return {
      title: `${random.pick(FORMATS)}: ${topic} in ${random.pick(CITIES)}`,
      description: `A ${topic.toLowerCase()} session for members and guests.`,
      date,
      location: random.pick(CITIES),
      status: date.getTime() > now.getTime() ? 'upcoming' : 'past',
      tags: jsonText([topic]),
      capacity: random.chance(0.7) ? 20 + random.int(300) : null,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
}

/** Distinct (activity, member) pairs, as the unique index demands. */
async function seedRegistrations(trx: Db, random: Random, now: Date, count: number): Promise<void> {
  const activityIds = await trx('activities').pluck<number[]>('id');
  const memberIds = await trx('users').where({ role: 'member' }).pluck<number[]>('id');
  const taken = new Set<string>();
  await insertBatched(trx, 'activity_registrations', Math.min(count, activityIds.length * memberIds.length), () => {
    for (;;) {
      const activityId = random.pick(activityIds);
      const userId = random.pick(memberIds);
      const key = `${activityId}:${userId}`;
      if (taken.has(key)) continue;
      taken.add(key);
      return { activity_id: activityId, user_id: userId, created_at: recentDate(random, now, 2 * 365) };
    }
  });
}

/** Older messages have mostly been read (some replied, some archived); a few percent wait unread. */
async function seedMessages(trx: Db, random: Random, now: Date, count: number): Promise<void> {
  await insertBatched(trx, 'contact_messages', count, (index) => {
    const createdAt = recentDate(random, now, 2 * 365);
    const isRecent = now.getTime() - createdAt.getTime() < 30 * DAY_MS;
    return {
      name: personName(random),
      email: `visitor${index % 20_000}@mail.example.com`,
      phone: `+351 9${String(10_000_000 + random.int(89_999_999))}`,
      message: `Hello, I would like to know more about ${random.pick(TOPICS).toLowerCase()} (${index}).`,
      state: random.chance(isRecent ? 0.5 : 0.02) ? 'new' : random.pick(['read', 'replied', 'archived']),
      created_at: createdAt,
    };
  });
}

/**
 * The directory's professionals: the first `count` active members, each with a profile (a country
 * and its city, one to three languages and specialties), listed and verified, with its slug.
 */
async function seedProfiles(trx: Db, random: Random, now: Date, count: number): Promise<void> {
  const members: { id: number; name: string }[] = await trx('users')
    .where({ role: 'member', is_active: true })
    .orderBy('id')
    .limit(count)
    .select('id', 'name');
  const specialtyIds = await trx('specialties').pluck<number[]>('id');
  await insertBatched(trx, 'member_profiles', members.length, (index) => {
    const { id, name } = members[index]!;
    const [country, city] = random.pick(PLACES);
    const consentedAt = recentDate(random, now, 365);
    return {
      user_id: id,
      revision: 3,
      title: random.chance(0.7) ? 'Registered Dietitian' : 'Clinical Nutritionist',
      country,
      city,
      languages: random.pick(LANGUAGE_SETS),
      practice_setting: random.pick(['hospital', 'private_practice', 'community', 'research', 'sports']),
      registration_body: `${country} Dietetic Association`,
      registration_number: `REG-${id}`,
      bio: `${name} works in ${city} with patients of every age.`,
      website: '',
      updated_at: consentedAt,
      listed: true,
      listing_consent_text: 'Seeded consent.',
      listing_consented_at: consentedAt,
      verification: 'verified',
      verification_decided_at: consentedAt,
      directory_slug: directorySlug(name, id),
    };
  });
  const chosen = members.flatMap(({ id }) => {
    const picked = new Set(Array.from({ length: 1 + random.int(3) }, () => random.pick(specialtyIds)));
    return [...picked].map((specialtyId) => ({ user_id: id, specialty_id: specialtyId }));
  });
  await insertBatched(trx, 'member_specialties', chosen.length, (index) => chosen[index]!);
}

/** After the FAQs already there, so positions stay 0..n-1. */
async function seedFaqs(trx: Db, random: Random, now: Date, count: number): Promise<void> {
  const row = await trx('faqs').count({ count: '*' }).first();
  const first = Number(row?.count ?? 0);
  await insertBatched(trx, 'faqs', count, (index) => {
    const createdAt = recentDate(random, now, 3 * 365);
    return {
      question: `How does ${random.pick(TOPICS).toLowerCase()} question ${index + 1} work?`,
      answer: `Question ${index + 1} is answered here, with a link to the membership page.`,
      category: random.pick(CATEGORIES),
      is_active: random.chance(0.9),
      sort_order: first + index,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
}

/**
 * Refreshes the planners' statistics, so the first queries after the seeding plan with real sizes.
 * On PostgreSQL VACUUM also marks the new pages all-visible, as autovacuum would in a while: only
 * then can a count or a page of ids read an index without visiting the rows.
 */
async function analyze(db: Db): Promise<void> {
  await db.raw(isPostgres(db) ? 'vacuum analyze' : 'analyze');
}

/** Adds the large data to a migrated database; one transaction per table. Returns what it wrote. */
export async function seedLargeData(db: Db, { now, scale = 1, seed = 20261123, log = () => {} }: SeedOptions) {
  const counts = scaledCounts(scale);
  const random = createRandom(seed);
  // One hash for every account: hashing 100,000 times would take hours at bcrypt's cost.
  const passwordHash = await hashPassword(SEED_PASSWORD);
  const steps: [TableName, (trx: Db) => Promise<void>][] = [
    ['users', (trx) => seedUsers(trx, random, now, counts.members, passwordHash)],
    ['activities', (trx) => seedActivities(trx, random, now, counts.activities)],
    ['activity_registrations', (trx) => seedRegistrations(trx, random, now, counts.registrations)],
    ['contact_messages', (trx) => seedMessages(trx, random, now, counts.messages)],
    ['faqs', (trx) => seedFaqs(trx, random, now, counts.faqs)],
    ['member_profiles', (trx) => seedProfiles(trx, random, now, counts.profiles)],
  ];
  for (const [table, step] of steps) {
    const started = performance.now();
    await db.transaction(step);
    log(`${table}: ${Math.round(performance.now() - started)} ms`);
  }
  await analyze(db);
  return { counts, admins: SEEDED_ADMINS, superAdmins: SEEDED_SUPER_ADMINS };
}
