/** The audit trail's vocabulary, shared by the API (which records and filters) and the console (which shows it). */

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'sign_in',
  'sign_in_failed',
  'lockout',
  'password_reset_requested',
  'password_reset_completed',
  'password_changed',
  'invitation_sent',
  'invitation_resent',
  'invitation_accepted',
  'role_changed',
  'permissions_changed',
  'account_activated',
  'account_deactivated',
  'two_factor_enabled',
  'two_factor_setup_failed',
  'two_factor_disabled',
  'two_factor_required_changed',
  'recovery_codes_renewed',
  'sessions_revoked',
  'sign_out',
  'account_erased',
  'members_imported',
  'scheduled_activation',
  'announcement_test_sent',
  'announcement_scheduled',
  'announcement_unscheduled',
  'announcement_sent',
  'announcements_preference_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Labels for the console's action filter and table. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  lockout: 'Locked out',
  password_reset_requested: 'Password reset requested',
  password_reset_completed: 'Password reset completed',
  password_changed: 'Password changed',
  invitation_sent: 'Invitation sent',
  invitation_resent: 'Invitation resent',
  invitation_accepted: 'Invitation accepted',
  role_changed: 'Role changed',
  permissions_changed: 'Permissions changed',
  account_activated: 'Account activated',
  account_deactivated: 'Account deactivated',
  two_factor_enabled: 'Two-factor enabled',
  two_factor_setup_failed: 'Two-factor setup: wrong code',
  two_factor_disabled: 'Two-factor disabled',
  two_factor_required_changed: 'Two-factor requirement changed',
  recovery_codes_renewed: 'Recovery codes renewed',
  sessions_revoked: 'Sessions revoked',
  sign_out: 'Signed out',
  account_erased: 'Account erased',
  members_imported: 'Members imported',
  scheduled_activation: 'Activated on schedule',
  announcement_test_sent: 'Announcement test sent',
  announcement_scheduled: 'Announcement scheduled',
  announcement_unscheduled: 'Announcement unscheduled',
  announcement_sent: 'Announcement sent',
  announcements_preference_changed: 'Announcements preference changed',
};

/** Security events carry this module; admin writes carry the policy module of their route. */
export const AUDIT_AUTH_MODULE = 'auth';

/**
 * The actions that are only ever security events (filed under AUDIT_AUTH_MODULE, which recordAudit's
 * type enforces): the changes view has none of them, so its Action filter does not offer them.
 * Others, such as a session revoked or two-factor turned off, are also an admin's change of a staff
 * account (module admins) and stay.
 */
export const AUDIT_SECURITY_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'lockout',
  'password_reset_requested',
  'password_reset_completed',
  'password_changed',
  'invitation_accepted',
  'two_factor_enabled',
  'two_factor_setup_failed',
  'recovery_codes_renewed',
  'sign_out',
] as const satisfies readonly AuditAction[];
export type AuditSecurityAction = (typeof AUDIT_SECURITY_ACTIONS)[number];
/** The actions of changes: an admin's writes record only these. */
export type AuditChangeAction = Exclude<AuditAction, AuditSecurityAction>;

/**
 * What the activity log lists (issue 55 item 10): `changes`, the writes alone (every entry but the
 * security events of AUDIT_AUTH_MODULE: sign-ins, sign-outs, resets, two-factor), which the console
 * opens with; `everything`, all entries, which the API lists without the parameter.
 */
export const AUDIT_VIEWS = ['changes', 'everything'] as const;
export type AuditView = (typeof AUDIT_VIEWS)[number];

/**
 * Announcements are filed under a module of their own: their permission is the members module's,
 * but their entries name announcements, not accounts (the log names an entry's item by its module).
 */
export const AUDIT_ANNOUNCEMENTS_MODULE = 'announcements';

/** The specialties staff keep (issue 57): members permission, entries naming specialties. */
export const AUDIT_SPECIALTIES_MODULE = 'specialties';

/** The tags staff keep (issue 57): under the members permission, their entries name tags, not accounts. */
export const AUDIT_TAGS_MODULE = 'tags';

/** The modules entries are filed under that are no policy module. */
export type AuditOwnModule =
  | typeof AUDIT_AUTH_MODULE
  | typeof AUDIT_ANNOUNCEMENTS_MODULE
  | typeof AUDIT_SPECIALTIES_MODULE
  | typeof AUDIT_TAGS_MODULE;

/** What an audit entry says changed: per field, the value before and after (either may be absent). */
export interface AuditFieldChange {
  before?: unknown;
  after?: unknown;
}

/** The marker stored in place of a secret (password, hash, token, two-factor secret or code). */
export const AUDIT_REDACTED = '[redacted]';

export const AUDIT_PAGE_SIZE = 50;
/** The most rows one CSV export holds; narrower filters reach the rest. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;
