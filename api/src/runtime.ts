/** Start-up of the whole back end: configuration, database, migrations, bootstrap, mail, the API. */
import path from 'node:path';
import { createApi, type Api } from './app.js';
import type { Config } from './config.js';
import { createDb } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { startTallyFolding } from './db/tallies.js';
import { startActivitySchedule, type ActivitySchedule } from './modules/activities/schedule.js';
import { startAnnouncementSchedule, type AnnouncementSchedule } from './modules/announcements/schedule.js';
import { startAuditRetention } from './modules/audit/retention.js';
import { startContactRetention } from './modules/contact-messages/retention.js';
import { startVersionSchedule, type VersionSchedule } from './modules/versioned/schedule.js';
import { startRenewalReminders, type RenewalReminders } from './modules/renewals/schedule.js';
import { startBackupSchedule, type BackupSchedule } from './modules/backups/schedule.js';
import type { AppDeps } from './deps.js';
import { fileOffsetClock, systemClock, type Clock } from './lib/clock.js';
import { localContentChanges, postgresContentChanges } from './lib/content-changes.js';
import { closePasswordPool } from './lib/passwords.js';
import { closeCertificateThread } from './modules/cpd/certificate-thread.js';
import type { Logger } from './lib/logger.js';
import { createMailer } from './mail/mailer.js';
import { announcementComposer } from './modules/announcements/composer.js';
import { markRepliesSent } from './modules/contact-messages/replies.js';
import { seedDemoContent } from './startup/seed.js';
import { ensureDatabaseReachable, ensureDataDirWritable } from './startup/storage-check.js';
import { ensureSuperAdmin } from './startup/super-admin.js';

export interface Runtime {
  deps: AppDeps;
  api: Api;
  /** The daily backup of an SQLite database, unless BACKUP_SCHEDULE is off. */
  backups: BackupSchedule | undefined;
  /** Scheduled activation of versions (issue 21 item 3): tests run it after moving the clock. */
  versionSchedule: VersionSchedule;
  /** Sends scheduled announcements at their time. */
  announcements: AnnouncementSchedule;
  /** Queues membership renewal reminders at their offsets (issue 57): tests run it after moving the clock. */
  renewalReminders: RenewalReminders;
  /** Waitlist offers and reminders before activities (issue 58). */
  activitySchedule: ActivitySchedule;
  close(): Promise<void>;
}

export async function startRuntime(
  config: Config,
  logger: Logger,
  clock: Clock = config.testClockFile ? fileOffsetClock(config.testClockFile) : systemClock,
): Promise<Runtime> {
  ensureDataDirWritable(config);
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'app.db') });
  await ensureDatabaseReachable(db, config);
  await migrateToLatest(db);
  await ensureSuperAdmin(db, config, logger, clock.now());
  const contentChanges = config.databaseUrl
    ? await postgresContentChanges(config.databaseUrl, logger)
    : localContentChanges();
  if (config.seedDemo && (await seedDemoContent(db, clock.now()))) {
    logger.info('demo content seeded');
    // Other instances on the same database may already be serving the empty content.
    await contentChanges.bump();
  }
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger,
    db,
    clock,
    claimTimeoutMs: config.mailClaimTimeoutMs,
    ratePerMinute: config.mailRatePerMinute,
    composers: { announcement: announcementComposer(db, config) },
    onSent: { contact_reply: (trx, mailIds) => markRepliesSent(trx, mailIds, clock.now()) },
  });
  const deps: AppDeps = { db, mailer, config, clock, logger, contentChanges };
  const auditRetention = startAuditRetention(db, clock, config.auditRetentionDays, logger);
  await auditRetention.ready;
  const contactRetention =
    config.contactRetentionDays === undefined
      ? undefined
      : startContactRetention(db, clock, config.contactRetentionDays, logger);
  await contactRetention?.ready;
  const backups = config.backupSchedule
    ? startBackupSchedule({ db, dataDir: config.dataDir, retain: config.backupRetain, clock, logger })
    : undefined;
  const versionSchedule = startVersionSchedule(deps);
  await versionSchedule.ready;
  const announcements = startAnnouncementSchedule(deps);
  const renewalReminders = startRenewalReminders(deps);
  await renewalReminders.ready;
  const activitySchedule = startActivitySchedule(deps);
  await activitySchedule.ready;
  const tallyFolding = startTallyFolding(db, logger);
  return {
    deps,
    api: createApi(deps),
    backups,
    versionSchedule,
    announcements,
    renewalReminders,
    activitySchedule,
    async close() {
      await versionSchedule.stop();
      announcements.stop();
      renewalReminders.stop();
      await activitySchedule.stop();
      tallyFolding.stop();
      auditRetention.stop();
      contactRetention?.stop();
      backups?.stop();
      await mailer.close();
      await closePasswordPool();
      await closeCertificateThread();
      await contentChanges.close();
      await db.destroy();
    },
  };
}
