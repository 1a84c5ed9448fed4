/**
 * Every table, as a row reads back from either engine (the migrations are the schema; change both
 * together). Declared to Knex, so `db('faqs')` is typed by the row it holds. Values differ between the
 * engines where rows.ts says: SQLite gives 0/1 for booleans and epoch milliseconds for timestamps,
 * PostgreSQL booleans, Date objects, and strings for bigint columns. Writes take the JS values
 * (true, a Date, a number). Rows are type aliases, not interfaces, so that each is also a
 * Record<string, unknown>, as the audited writes (audited-writes.ts) and diffs take a row.
 */
import type {
  ActivityStatus,
  AnnouncementAudience,
  AnnouncementState,
  ContactMessageState,
  MailState,
  Role,
  VerificationStatus,
} from '@npo/shared';

/** A boolean column: true/false on PostgreSQL, 1/0 on SQLite (rows.ts toBool). */
export type DbBoolean = boolean | number;
/** A timestamp column: a Date on PostgreSQL, epoch milliseconds on SQLite (rows.ts toIso). */
export type DbTimestamp = Date | number;
/** A bigint column: node-postgres reads int8 as a string (it may exceed 2^53); SQLite gives a number. */
export type DbBigInt = number | string;

/** Written when created, raised by each admin edit (migration 20261123090000): the ETag. */
type Revised = {
  revision: number;
};

type Stamped = {
  created_at: DbTimestamp;
  updated_at: DbTimestamp;
};

/**
 * A row the console creates: the id its outbox generated for the creation (migration 20261202120000),
 * unique where set, so a late replay finds the row (db/client-ids.ts). Null for rows made otherwise.
 */
type Created = {
  client_id: string | null;
};

export type UserRow = Revised &
  Stamped &
  Created & {
    id: number;
    name: string;
    /** Stored lower-cased. */
    email: string;
    password_hash: string | null;
    role: Role;
    /** JSON text of the account's Permissions. */
    permissions: string;
    token_version: number;
    /** Raised when the account's device tokens are revoked (migration 20261203120000). */
    device_generation: number;
    is_active: DbBoolean;
    last_login_at: DbTimestamp | null;
    /** Sealed (two-factor/secret-box.ts); never leaves the two-factor module. */
    totp_secret: string | null;
    totp_enabled_at: DbTimestamp | null;
    totp_last_step: DbBigInt | null;
    /** Set when a member was erased (migration 20261126140000): the row is an anonymous stand-in. */
    erased_at: DbTimestamp | null;
    /** Announcements by e-mail are sent to this account (migration 20261126160000; on by default). */
    receive_announcements: DbBoolean;
    /** The printed one-time password of first start is still the account's (migration 20261202140000). */
    must_change_password: DbBoolean;
    /** When the account last proved its mailbox by completing a mailed link (migration 20261127220000); null: never. */
    email_verified_at: DbTimestamp | null;
    /** The day a member's membership renews, YYYY-MM-DD; null: open-ended (migration 20261205130000). */
    renewal_date: string | null;
  };

export type AuthTokenRow = {
  id: number;
  user_id: number;
  /** A password reset link, or an invitation to set the first password. */
  purpose: 'reset' | 'invitation';
  token_hash: string;
  expires_at: DbTimestamp;
  used_at: DbTimestamp | null;
  created_at: DbTimestamp;
};

export type LoginFailureRow = {
  id: number;
  email: string;
  ip: string | null;
  created_at: DbTimestamp;
};

export type MembershipCardRow = Revised &
  Stamped &
  Created & {
    id: number;
    type: string;
    title: string;
    subtitle: string;
    /** JSON text of a string array. */
    points: string;
    is_active: DbBoolean;
    sort_order: number;
  };

/** The columns every versioned table has (migration 20261121100000 `versioned`). */
export type VersionRow = Revised &
  Stamped &
  Created & {
    id: number;
    version: number;
    is_active: DbBoolean;
    /** When the scheduler activates this version (null: not scheduled). */
    activate_at: DbTimestamp | null;
    /** The e-mail of who scheduled it, for the scheduler's audit entry. */
    scheduled_by: string | null;
  };

export type AboutUsRow = VersionRow & {
  description: string;
  aims: string;
  /** JSON text of a string array. */
  objectives: string;
};

export type ContactInfoRow = VersionRow & {
  email: string;
  phone: string;
  instagram: string;
  /** JSON text of the social links object. */
  social_links: string;
};

/** Privacy policy and terms of service: the same document in two tables. */
export type PolicyRow = VersionRow & {
  title: string;
  content: string;
  effective_date: DbTimestamp | null;
};

export type ActivityRow = Revised &
  Stamped &
  Created & {
    id: number;
    title: string;
    description: string;
    date: DbTimestamp;
    location: string;
    status: ActivityStatus;
    /** JSON text of a string array. */
    tags: string;
    capacity: number | null;
    /** CPD hours in tenths of an hour (15 is 1.5 h); null gives none. */
    cpd_tenths: number | null;
  };

export type ActivityRegistrationRow = {
  id: number;
  activity_id: number;
  user_id: number;
  created_at: DbTimestamp;
  attended_at: DbTimestamp | null;
  /** The short code the registrant shows at the door; null on rows seeded in bulk. */
  check_in_code: string | null;
};

/** A CPD certificate as issued (migration 20261205150000): what it says, kept as it was then. */
export type ActivityCertificateRow = {
  id: number;
  registration_id: number;
  user_id: number;
  code: string;
  member_name: string;
  activity_title: string;
  activity_date: DbTimestamp;
  cpd_tenths: number;
  issued_at: DbTimestamp;
};

/** One person waiting for a place of a full activity; offer_*: a place offered to them (20261205140000). */
export type ActivityWaitlistRow = {
  id: number;
  activity_id: number;
  user_id: number;
  created_at: DbTimestamp;
  offered_at: DbTimestamp | null;
  offer_expires_at: DbTimestamp | null;
  offer_token_hash: string | null;
};

/** A reminder or date-change notice sent for one person and one date of an activity (20261205140000). */
export type ActivityNoticeRow = {
  id: number;
  activity_id: number;
  user_id: number;
  kind: 'reminder' | 'update';
  activity_date: DbTimestamp;
  created_at: DbTimestamp;
};

export type TestimonialRow = Revised &
  Stamped &
  Created & {
    id: number;
    name: string;
    role: string;
    quote: string;
    is_featured: DbBoolean;
    is_active: DbBoolean;
  };

export type FaqRow = Revised &
  Stamped &
  Created & {
    id: number;
    question: string;
    answer: string;
    category: string | null;
    is_active: DbBoolean;
    sort_order: number;
  };

export type ContactMessageRow = Revised & {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  state: ContactMessageState;
  created_at: DbTimestamp;
};

/** A reply from the console to a contact message (migration 20261203120000). */
export type ContactMessageReplyRow = Created & {
  id: number;
  message_id: number;
  author_id: number | null;
  body: string;
  mail_id: number | null;
  sent_at: DbTimestamp | null;
  created_at: DbTimestamp;
};

export type RateLimitRow = {
  rule: string;
  subject: string;
  window_start: DbBigInt;
  hits: number;
  expires_at: DbBigInt;
};

export type HealthProbeRow = {
  id: number;
  probed_at: DbBigInt;
};

export type SessionRow = {
  id: number;
  user_id: number;
  user_agent: string | null;
  ip: string | null;
  /** A sign-in that is not complete yet: it reaches only the routes that complete it. */
  pending: 'two_factor_setup' | 'password_change' | null;
  created_at: DbTimestamp;
  last_seen_at: DbTimestamp;
  expires_at: DbTimestamp;
  ended_at: DbTimestamp | null;
};

export type AuditLogRow = {
  id: number;
  occurred_at: DbTimestamp;
  actor_id: number | null;
  actor_email: string | null;
  action: string;
  module: string;
  entity_id: string | null;
  /** JSON text, redacted (modules/audit/record.ts). */
  changes: string | null;
  request_id: string | null;
  ip: string | null;
};

export type RecoveryCodeRow = {
  id: number;
  user_id: number;
  code_hash: string;
  created_at: DbTimestamp;
  used_at: DbTimestamp | null;
};

export type SettingRow = {
  key: string;
  value: string;
  updated_at: DbTimestamp;
};

export type IdempotencyKeyRow = {
  user_id: number;
  key: string;
  request_hash: string;
  claim: string;
  created_at: DbBigInt;
  status: number | null;
  body: string | null;
  headers: string | null;
};

export type TwoFactorFailureRow = {
  id: number;
  user_id: number;
  challenge_id: string;
  created_at: DbTimestamp;
};

export type TwoFactorLockRow = {
  user_id: number;
  locked_until: DbTimestamp;
};

export type SecurityLogRow = {
  kind: string;
  subject: string;
  minute_start: DbBigInt;
  count: number;
};

/**
 * A mail of the durable queue (migration 20261125120000; `revision`, 20261125130000); `subject`, `text`
 * and `html` never leave mail/ (the mail screen's presenter lists what it shows).
 */
export type MailQueueRow = {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  reply_to: string | null;
  message_id: string;
  state: MailState;
  attempts: number;
  next_attempt_at: DbTimestamp;
  last_error: string | null;
  created_at: DbTimestamp;
  sent_at: DbTimestamp | null;
  claimed_at: DbTimestamp | null;
  claimed_by: string | null;
  revision: number;
  /** The announcement this mail is one of (migration 20261126160000). */
  announcement_id: number | null;
  /**
   * The signed one-click unsubscribe URL of an announcement mail queued before 20261128120000:
   * List-Unsubscribe. Since then it is signed at delivery from user_id.
   */
  list_unsubscribe: string | null;
  /** The account the mail is for, when it was queued for one (an announcement's; 20261128120000). */
  user_id: number | null;
  /** One text attachment (a reminder's calendar file; 20261205140000), blanked once sent. */
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_text: string | null;
};

/** An announcement (migration 20261126160000): a draft, scheduled, or sent (then immutable). */
export type AnnouncementRow = Revised &
  Stamped &
  Created & {
    id: number;
    subject: string;
    body: string;
    audience: AnnouncementAudience;
    activity_id: number | null;
    state: AnnouncementState;
    scheduled_at: DbTimestamp | null;
    sent_at: DbTimestamp | null;
    sent_by: number | null;
    sent_by_email: string | null;
    recipient_count: number | null;
    /** The segment of the audience "members" as JSON (migration 20261205120000); null: every member. */
    segment: string | null;
  };

/** SQLite's FTS5 index of users (migration 20261123150000); its rowid is the user's id. */
export type UsersSearchRow = {
  rowid: number;
  name: string;
  email: string;
};

/** SQLite's FTS5 index of contact messages (migration 20261124210500); its rowid is the message's id. */
export type ContactMessagesSearchRow = {
  rowid: number;
  name: string;
  email: string;
  message: string;
};

/** Row counts kept by triggers (migration 20261201120000, db/tallies.ts): summed per source and key. */
export type RowTallyRow = {
  id: number;
  source: string;
  key: string;
  /** A bigint: PostgreSQL's driver answers it as a string. */
  n: number | string;
};

/** The specialties staff keep (migration 20261204120000). */
export type SpecialtyRow = Revised & {
  id: number;
  name: string;
  /** The name trimmed and in lower case: names are unique by it (migration 20261205110000). */
  name_key: string;
  created_at: DbTimestamp;
  updated_at: DbTimestamp;
};

/** A member's photo in its three sizes, WebP (migration 20261205110000). */
export type MemberPhotoRow = {
  user_id: number;
  hash: string;
  image_96: Buffer;
  image_256: Buffer;
  image_512: Buffer;
  created_at: DbTimestamp;
};

/** A member's saved profile (migration 20261204120000); `languages` is ",en,hi," (empty: none). */
export type MemberProfileRow = Revised & {
  user_id: number;
  title: string;
  country: string;
  city: string;
  languages: string;
  practice_setting: string;
  registration_body: string;
  registration_number: string;
  bio: string;
  website: string;
  updated_at: DbTimestamp;
  /** The directory listing's consent and staff's verification (migration 20261204130000). */
  listed: DbBoolean;
  listing_consent_text: string | null;
  listing_consented_at: DbTimestamp | null;
  listing_withdrawn_at: DbTimestamp | null;
  verification: VerificationStatus;
  verification_reason: string;
  verification_decided_at: DbTimestamp | null;
  verification_decided_by: number | null;
  /** The listed profile's address, /directory/<slug>: made at the first listing, then kept (migration 20261205100000). */
  directory_slug: string | null;
  /**
   * Kept by triggers (migration 20261206100000), never written by the app: the member's name, the
   * order of the directory's pages, the folded name and city its search compares, and the account's
   * half of a listing (a member's account, active, not erased; the membership's renewal date).
   */
  sort_name: string;
  name_folded: string;
  city_folded: string;
  account_open: DbBoolean;
  renewal_date: string | null;
};

export type MemberSpecialtyRow = {
  user_id: number;
  specialty_id: number;
};

/** A tag staff keep (migration 20261205120000); `name_key` is the name lower-cased, unique. */
export type TagRow = Revised & {
  id: number;
  name: string;
  name_key: string;
  created_at: DbTimestamp;
  updated_at: DbTimestamp;
};

export type MemberTagRow = {
  user_id: number;
  tag_id: number;
};

/** One renewal reminder claimed and queued (migration 20261205130000): the key makes it once. */
export type RenewalReminderRow = {
  user_id: number;
  renewal_date: string;
  offset_days: number;
  queued_at: DbTimestamp;
};

export type DbTables = {
  users: UserRow;
  auth_tokens: AuthTokenRow;
  login_failures: LoginFailureRow;
  membership_cards: MembershipCardRow;
  about_us_versions: AboutUsRow;
  contact_info_versions: ContactInfoRow;
  privacy_policy_versions: PolicyRow;
  terms_of_service_versions: PolicyRow;
  activities: ActivityRow;
  activity_registrations: ActivityRegistrationRow;
  activity_waitlist: ActivityWaitlistRow;
  activity_notices: ActivityNoticeRow;
  activity_certificates: ActivityCertificateRow;
  testimonials: TestimonialRow;
  faqs: FaqRow;
  contact_messages: ContactMessageRow;
  contact_message_replies: ContactMessageReplyRow;
  rate_limits: RateLimitRow;
  health_probe: HealthProbeRow;
  sessions: SessionRow;
  audit_log: AuditLogRow;
  recovery_codes: RecoveryCodeRow;
  settings: SettingRow;
  idempotency_keys: IdempotencyKeyRow;
  two_factor_failures: TwoFactorFailureRow;
  two_factor_locks: TwoFactorLockRow;
  security_log: SecurityLogRow;
  mail_queue: MailQueueRow;
  announcements: AnnouncementRow;
  users_search: UsersSearchRow;
  contact_messages_search: ContactMessagesSearchRow;
  row_tallies: RowTallyRow;
  specialties: SpecialtyRow;
  member_profiles: MemberProfileRow;
  member_specialties: MemberSpecialtyRow;
  member_photos: MemberPhotoRow;
  tags: TagRow;
  member_tags: MemberTagRow;
  renewal_reminders: RenewalReminderRow;
};

export type TableName = keyof DbTables;

declare module 'knex/types/tables.js' {
  // Knex reads its table types from this interface: merging ours in types every db('name') query.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Tables extends DbTables {}
}

/** Every table of the schema, parents before the rows that reference them. */
export const TABLE_NAMES = [
  'users',
  'auth_tokens',
  'login_failures',
  'membership_cards',
  'about_us_versions',
  'contact_info_versions',
  'privacy_policy_versions',
  'terms_of_service_versions',
  'activities',
  'activity_registrations',
  'testimonials',
  'faqs',
  'contact_messages',
  'rate_limits',
  'health_probe',
  'sessions',
  'audit_log',
  'recovery_codes',
  'settings',
  'idempotency_keys',
  'two_factor_failures',
  'two_factor_locks',
  'security_log',
  'mail_queue',
  'contact_message_replies',
  'announcements',
  'row_tallies',
  'specialties',
  'member_profiles',
  'member_specialties',
  'tags',
  'member_tags',
  'renewal_reminders',
  'activity_waitlist',
  'activity_notices',
  'activity_certificates',
] as const satisfies readonly TableName[];

/** The versioned content (About Us, contact info, privacy policy, terms). */
export const VERSIONED_TABLES = [
  'about_us_versions',
  'contact_info_versions',
  'privacy_policy_versions',
  'terms_of_service_versions',
] as const satisfies readonly TableName[];

/** The content staff keep as paged, searchable lists. */
export const LIST_TABLES = [
  'membership_cards',
  'activities',
  'testimonials',
  'faqs',
] as const satisfies readonly TableName[];

/** What the site shows and staff edit: an empty database has none of it (startup/seed.ts). */
export const CONTENT_TABLES = [...LIST_TABLES, ...VERSIONED_TABLES] as const satisfies readonly TableName[];
