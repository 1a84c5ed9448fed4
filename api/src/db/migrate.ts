/**
 * Migrations are imported statically rather than read from a folder, so the same list runs from
 * the TypeScript sources (tests) and from the compiled build (production).
 */
import type { Knex } from 'knex';
import * as initialSchema from './migrations/20261121100000_initial_schema.js';
import * as rowRevisions from './migrations/20261123090000_row_revisions.js';
import * as rateLimits from './migrations/20261123130000_rate_limits.js';
import * as healthProbe from './migrations/20261123131000_health_probe.js';
import * as largeDataIndexes from './migrations/20261123132000_large_data_indexes.js';
import * as messageStates from './migrations/20261123140000_message_states.js';
import * as foldedSearch from './migrations/20261123150000_folded_search.js';
import * as sessions from './migrations/20261123160000_sessions.js';
import * as auditLog from './migrations/20261123161000_audit_log.js';
import * as twoFactor from './migrations/20261123162000_two_factor.js';
import * as storedFoldedNames from './migrations/20261123170000_stored_folded_names.js';
import * as idempotencyKeys from './migrations/20261124210100_idempotency_keys.js';
import * as twoFactorAttempts from './migrations/20261124210300_two_factor_attempts.js';
import * as securityLog from './migrations/20261124210301_security_log.js';
import * as messageSearch from './migrations/20261124210500_message_search.js';
import * as mailQueue from './migrations/20261125120000_mail_queue.js';
import * as mailQueueScreen from './migrations/20261125130000_mail_queue_screen.js';
import * as membershipCardOrder from './migrations/20261126100000_membership_card_order.js';
import * as memberErasure from './migrations/20261126140000_member_erasure.js';
import * as versionSchedule from './migrations/20261126160000_version_schedule.js';
import * as announcements from './migrations/20261126170000_announcements.js';
import * as auditLogEntityIndex from './migrations/20261126180000_audit_log_entity_index.js';
import * as auditAnnouncementsModule from './migrations/20261126190500_audit_announcements_module.js';
import * as memberEmailVerified from './migrations/20261127220000_member_email_verified.js';
import * as membersListIndexes from './migrations/20261127221000_members_list_indexes.js';
import * as staffListIndexes from './migrations/20261128101900_staff_list_indexes.js';
import * as mailQueueUser from './migrations/20261128120000_mail_queue_user.js';
import * as mailQueueDueOrder from './migrations/20261129120000_mail_queue_due_order.js';
import * as mailQueueDueOthers from './migrations/20261130120000_mail_queue_due_others.js';
import * as rowTallies from './migrations/20261201120000_row_tallies.js';
import * as activitiesConsoleOrder from './migrations/20261201130000_activities_console_order.js';
import * as clientIds from './migrations/20261202120000_client_ids.js';
import * as mustChangePassword from './migrations/20261202140000_must_change_password.js';
import * as contactReplies from './migrations/20261203120000_contact_replies.js';
import * as deviceGeneration from './migrations/20261203120000_device_generation.js';
import * as memberProfiles from './migrations/20261204120000_member_profiles.js';
import * as directoryListing from './migrations/20261204130000_directory_listing.js';
import * as photosAndSpecialtyKeeping from './migrations/20261205110000_photos_and_specialty_keeping.js';
import * as memberTags from './migrations/20261205120000_member_tags.js';
import * as membershipRenewals from './migrations/20261205130000_membership_renewals.js';
import * as directoryPages from './migrations/20261205100000_directory_pages.js';
import * as waitlistReminders from './migrations/20261205140000_waitlist_reminders.js';
import * as attendanceCpd from './migrations/20261205150000_attendance_cpd.js';
import * as directoryOrder from './migrations/20261206100000_directory_order.js';
import * as directoryCopiesChecked from './migrations/20261207100000_directory_copies_checked.js';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
  /** `transaction: false` runs the migration outside knex's transaction (see the migration for why). */
  config?: { transaction?: boolean };
}

const migrations: Record<string, Migration> = {
  '20261121100000_initial_schema': initialSchema,
  '20261123090000_row_revisions': rowRevisions,
  '20261123130000_rate_limits': rateLimits,
  '20261123131000_health_probe': healthProbe,
  '20261123132000_large_data_indexes': largeDataIndexes,
  '20261123140000_message_states': messageStates,
  '20261123150000_folded_search': foldedSearch,
  '20261123160000_sessions': sessions,
  '20261123161000_audit_log': auditLog,
  '20261123162000_two_factor': twoFactor,
  '20261123170000_stored_folded_names': storedFoldedNames,
  '20261124210100_idempotency_keys': idempotencyKeys,
  '20261124210300_two_factor_attempts': twoFactorAttempts,
  '20261124210301_security_log': securityLog,
  '20261124210500_message_search': messageSearch,
  '20261125120000_mail_queue': mailQueue,
  '20261125130000_mail_queue_screen': mailQueueScreen,
  '20261126100000_membership_card_order': membershipCardOrder,
  '20261126140000_member_erasure': memberErasure,
  '20261126160000_version_schedule': versionSchedule,
  '20261126170000_announcements': announcements,
  '20261126180000_audit_log_entity_index': auditLogEntityIndex,
  '20261126190500_audit_announcements_module': auditAnnouncementsModule,
  '20261127220000_member_email_verified': memberEmailVerified,
  '20261127221000_members_list_indexes': membersListIndexes,
  '20261128101900_staff_list_indexes': staffListIndexes,
  '20261128120000_mail_queue_user': mailQueueUser,
  '20261129120000_mail_queue_due_order': mailQueueDueOrder,
  '20261130120000_mail_queue_due_others': mailQueueDueOthers,
  '20261201120000_row_tallies': rowTallies,
  '20261201130000_activities_console_order': activitiesConsoleOrder,
  '20261202120000_client_ids': clientIds,
  '20261202140000_must_change_password': mustChangePassword,
  '20261203120000_contact_replies': contactReplies,
  '20261203120000_device_generation': deviceGeneration,
  '20261204120000_member_profiles': memberProfiles,
  '20261204130000_directory_listing': directoryListing,
  '20261205110000_photos_and_specialty_keeping': photosAndSpecialtyKeeping,
  '20261205120000_member_tags': memberTags,
  '20261205130000_membership_renewals': membershipRenewals,
  '20261205100000_directory_pages': directoryPages,
  '20261205140000_waitlist_reminders': waitlistReminders,
  '20261205150000_attendance_cpd': attendanceCpd,
  '20261206100000_directory_order': directoryOrder,
  '20261207100000_directory_copies_checked': directoryCopiesChecked,
};

/** Every migration this version knows, in order (a restored backup must hold none other). */
export const migrationNames = (): string[] => Object.keys(migrations).sort();

/** Exported for tests that step through single migrations (`db.migrate.down({ migrationSource })`). */
export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: () => Promise.resolve(migrationNames()),
  getMigrationName: (name) => name,
  getMigration: (name) => Promise.resolve(withoutStatementTimeout(migrations[name]!)),
};

/**
 * A migration may rebuild an index over every row, beyond the statement timeout the app's connections
 * have (connection.ts): PostgreSQL lifts it for the migration's transaction (SET LOCAL ends with it).
 * The few migrations that run outside a transaction keep the timeout.
 */
function withoutStatementTimeout(migration: Migration): Migration {
  const lifted = (step: (knex: Knex) => Promise<void>) => async (knex: Knex) => {
    if ((knex.client as Knex.Client).config.client === 'pg' && migration.config?.transaction !== false)
      await knex.raw('set local statement_timeout = 0');
    await step(knex);
  };
  return { ...migration, up: lifted((knex) => migration.up(knex)), down: lifted((knex) => migration.down(knex)) };
}

export async function migrateToLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

export async function rollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback({ migrationSource }, true);
}
