/** Configuration from the environment, validated once at start: a bad value stops the process naming it. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_ORGANISATION_TIME_ZONE, isTimeZone } from '@npo/shared';
import { z } from 'zod';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A whole number of hours, from 1 to a year. */
const hours = z.coerce
  .number({ error: 'must be a whole number of hours, from 1 to 8760' })
  .int('must be a whole number of hours, from 1 to 8760')
  .min(1, 'must be a whole number of hours, from 1 to 8760')
  .max(8760, 'must be a whole number of hours, from 1 to 8760');

/** Every variable the server reads (docs/configuration.md lists them: config-docs.test.ts). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL (unset means SQLite)')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://example.org' }).optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The zone activities' stored wall clocks are in (issue 55 item 2): calendar files carry the true instant. */
  ORGANISATION_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone name such as Asia/Kolkata')
    .default(DEFAULT_ORGANISATION_TIME_ZONE),
  MAIL_FROM: z.string().min(3).default('Global Nutrition Network <no-reply@localhost>'),
  MAIL_CLAIM_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds, at least 1' })
    .int('must be a whole number of seconds, at least 1')
    .min(1, 'must be a whole number of seconds, at least 1')
    .default(300),
  MAIL_RATE_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number of mails, at least 1' })
    .int('must be a whole number of mails, at least 1')
    .min(1, 'must be a whole number of mails, at least 1')
    .optional(),
  SUPER_ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  SUPER_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(72).optional(),
  SUPER_ADMIN_NAME: z.string().min(2).default('Super Admin'),
  SEED_DEMO: booleanText.default(true),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  TRUST_PROXY: booleanText.default(false),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  RATE_LIMIT_FACTOR: z.coerce
    .number({ error: 'must be a number from 1 to 1000' })
    .min(1, 'must be a number from 1 to 1000')
    .max(1000, 'must be a number from 1 to 1000')
    .default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days, at least 1' })
    .int('must be a whole number of days, at least 1')
    .min(1, 'must be a whole number of days, at least 1')
    .default(365),
  CONTACT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days, at least 1' })
    .int('must be a whole number of days, at least 1')
    .min(1, 'must be a whole number of days, at least 1')
    .optional(),
  /**
   * Memberships that renew (issue 57): days before the renewal date a reminder is mailed, largest
   * first; the largest is also the span in which a membership counts as expiring.
   */
  RENEWAL_REMINDER_DAYS: z
    .string()
    .default('30,7')
    .transform((value) => value.split(',').map((part) => part.trim()))
    .refine((parts) => parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 365), {
      error: 'must be whole numbers of days from 0 to 365, separated by commas (such as 30,7)',
    })
    .transform((parts) => [...new Set(parts.map(Number))].sort((a, b) => b - a)),
  WAITLIST_OFFER_HOURS: hours.default(48),
  ACTIVITY_REMINDER_HOURS: hours.default(24),
  BACKUP_SCHEDULE: booleanText.default(true),
  BACKUP_RETAIN: z.coerce
    .number({ error: 'must be a whole number of copies, at least 1' })
    .int('must be a whole number of copies, at least 1')
    .min(1, 'must be a whole number of copies, at least 1')
    .default(14),
  /**
   * Browser tests only: a file holding a number of milliseconds the server's clock runs ahead of
   * real time, read as it changes (lib/clock.ts). Refused in production.
   */
  TEST_CLOCK_FILE: z.string().min(1).optional(),
  /** The longest the version scheduler waits between looks at the schedules (ms). */
  VERSION_SCHEDULE_LOOK_MS: z.coerce
    .number({ error: 'must be a number of milliseconds, at least 100' })
    .int('must be a number of milliseconds, at least 100')
    .min(100, 'must be a number of milliseconds, at least 100')
    .default(30_000),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** A mail `sending` this long was claimed by an instance that stopped, and is taken back (mail/mailer.ts). */
  mailClaimTimeoutMs: number;
  /** Announcement mails sent per minute at most (the provider's limit); undefined: no limit. */
  mailRatePerMinute: number | undefined;
  superAdmin: { email: string | undefined; password: string | undefined; name: string };
  seedDemo: boolean;
  corsOrigins: string[];
  trustProxy: boolean;
  logLevel: string;
  /** Lets a scraper elsewhere read GET /api/metrics (Bearer); without it only this host can. */
  metricsToken: string | undefined;
  /** Multiplies every per-address and global request limit (sites where many people share one address). */
  rateLimitFactor: number;
  /** Days the audit trail keeps an entry; older ones are deleted by the server (modules/audit/retention.ts). */
  auditRetentionDays: number;
  /** TEST_CLOCK_FILE: the server's clock runs ahead of real time by the milliseconds it holds. */
  testClockFile: string | undefined;
  versionScheduleLookMs: number;
  /** Days a contact message is kept; undefined: until staff delete it (contact-messages/retention.ts). */
  contactRetentionDays: number | undefined;
  /** How long a place offered from a waitlist is held for its person (modules/activities/waitlist.ts). */
  waitlistOfferHours: number;
  /** How long before an activity its registered people are reminded (modules/activities/reminders.ts). */
  activityReminderHours: number;
  /** ORGANISATION_TIME_ZONE: the zone of activities' wall-clock dates (shared/src/time-zone.ts). */
  organisationTimeZone: string;
  /** RENEWAL_REMINDER_DAYS: the reminder offsets in days, largest first (modules/renewals). */
  renewalReminderDays: number[];
  /** SQLite only: the server copies its database once a day into DATA_DIR/backups (modules/backups). */
  backupSchedule: boolean;
  /** How many of those daily copies are kept. */
  backupRetain: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  if (values.NODE_ENV === 'production' && values.TEST_CLOCK_FILE) {
    throw new ConfigError('Invalid configuration: TEST_CLOCK_FILE is for tests and is refused in production');
  }
  if (values.NODE_ENV === 'production' && !values.JWT_SECRET) {
    throw new ConfigError('Invalid configuration: JWT_SECRET is required in production (at least 32 characters)');
  }
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    jwtSecret: values.JWT_SECRET ?? localJwtSecret(dataDir),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    mailClaimTimeoutMs: values.MAIL_CLAIM_TIMEOUT_SECONDS * 1000,
    mailRatePerMinute: values.MAIL_RATE_PER_MINUTE,
    superAdmin: {
      email: values.SUPER_ADMIN_EMAIL,
      password: values.SUPER_ADMIN_PASSWORD,
      name: values.SUPER_ADMIN_NAME,
    },
    seedDemo: values.SEED_DEMO,
    corsOrigins: values.CORS_ORIGINS,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    metricsToken: values.METRICS_TOKEN,
    rateLimitFactor: values.RATE_LIMIT_FACTOR,
    auditRetentionDays: values.AUDIT_RETENTION_DAYS,
    testClockFile: values.TEST_CLOCK_FILE,
    versionScheduleLookMs: values.VERSION_SCHEDULE_LOOK_MS,
    contactRetentionDays: values.CONTACT_RETENTION_DAYS,
    organisationTimeZone: values.ORGANISATION_TIME_ZONE,
    renewalReminderDays: values.RENEWAL_REMINDER_DAYS,
    waitlistOfferHours: values.WAITLIST_OFFER_HOURS,
    activityReminderHours: values.ACTIVITY_REMINDER_HOURS,
    backupSchedule: values.BACKUP_SCHEDULE && !values.DATABASE_URL,
    backupRetain: values.BACKUP_RETAIN,
  };
}

/** Outside production a secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function localJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
