/** Business constants and limits of SPEC 9, in one place for the API and both UIs. */

export const PASSWORD_MIN = 6;
/** bcrypt only reads 72 bytes: longer passwords are refused rather than silently cut. */
export const PASSWORD_MAX_BYTES = 72;
export const NAME_MIN = 2;
export const MESSAGE_MIN = 10;
export const QUOTE_MAX = 500;
/** The server's own cap on a contact message (SPEC sets only the minimum); the site counts towards it. */
export const CONTACT_MESSAGE_MAX = 5000;
/**
 * The body limit of the members import's two routes: the file's text (MEMBER_IMPORT_MAX_CHARS in
 * member-import.ts), JSON-escaped, fits. Here, not there, because the route table that declares the
 * limit loads without zod.
 */
export const MEMBER_IMPORT_BODY_LIMIT_MB = 24;

export const PAGE_SIZES = {
  membership: 20,
  about: 20,
  connect: 20,
  privacyPolicy: 20,
  termsOfService: 20,
  activities: 50,
  testimonials: 50,
  admins: 50,
  messages: 50,
  registrations: 50,
  members: 50,
  faqs: 100,
} as const;
/** The largest `limit` a list call accepts; larger values are capped, not refused. */
export const MAX_PAGE_LIMIT = 100;

/** Professionals on one page of the public directory (issue 57). */
export const DIRECTORY_PAGE_SIZE = 20;
/** The query parameters a directory page's answer depends on: its cached answers and pages are keyed on them. */
export const DIRECTORY_READS = ['page', 'limit', 'country', 'language', 'specialty', 'q'] as const;

export const REDIRECT_DELAYS_MS = { signupFallback: 2000, resetSuccess: 3000 } as const;

/** Dashboard relative-time thresholds, in seconds: just now / min / hours / days / a date. */
export const RELATIVE_TIME_THRESHOLDS_S = { minute: 60, hour: 3600, day: 86400, week: 604800 } as const;

export const HEADER_SHADOW_THRESHOLD_PX = 10;
export const GROWTH_CHART_DAYS = 7;

export const FALLBACK_COUNTS = { faqs: 8, membershipCards: 6, testimonials: 3, aboutObjectives: 5 } as const;

/** Client cache lifetimes (TanStack Query staleTime), in seconds; public API answers are revalidated (no-cache + ETag). */
export const CACHE_LIFETIMES_S = {
  authMe: 300,
  activities: 300,
  testimonials: 300,
  about: 300,
  contactInfo: 300,
  users: 300,
  membershipCards: 600,
  faqs: 600,
  privacyPolicy: 600,
  termsOfService: 600,
  default: 60,
} as const;
/** Lists that refetch on mount when older than this, and on reconnect. */
export const REFETCH_ON_MOUNT_AFTER_S = 30;

export const STORAGE_KEYS = { token: 'token', user: 'user' } as const;

export const ACTIVITY_STATUSES = ['upcoming', 'past'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** Where a contact message stands in the staff inbox (issue 10): opened, answered, or put away. */
/**
 * `spam`: held as possible spam, sent while the form was busier than the site-wide rate (issue 19):
 * kept and shown under its own filter, never refused, and notified by one digest mail an hour.
 */
export const CONTACT_MESSAGE_STATES = ['new', 'read', 'replied', 'archived', 'spam'] as const;
export type ContactMessageState = (typeof CONTACT_MESSAGE_STATES)[number];
/**
 * The states staff set. Not `replied`: a message becomes replied only once a reply from the console
 * went out (issue 55 item 4, contact-messages/replies.ts).
 */
export const CONTACT_MESSAGE_STAFF_STATES = ['new', 'read', 'archived', 'spam'] as const;
/**
 * What staff do to many messages at once (issue 55 item 4). `read` also moves an archived or held
 * message back to the inbox (as the single Unarchive does); `unread` makes any message new again.
 */
export const CONTACT_MESSAGE_BULK_ACTIONS = ['read', 'unread', 'spam', 'archived', 'delete'] as const;
export type ContactMessageBulkAction = (typeof CONTACT_MESSAGE_BULK_ACTIONS)[number];
/** The most messages one bulk call names by id: more than the longest page (MAX_PAGE_LIMIT). */
export const CONTACT_MESSAGE_BULK_MAX_IDS = 500;
export const CONTACT_REPLY_MAX = 10_000;
/** The inbox filters: one state, or `active` (every state but archived and spam), the default view. */
export const CONTACT_MESSAGE_FILTERS = ['active', ...CONTACT_MESSAGE_STATES] as const;
export type ContactMessageFilter = (typeof CONTACT_MESSAGE_FILTERS)[number];

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVITATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Failed sign-ins. `maxFailures` in `windowMs` lock the account from the address they came from only,
 * so a stranger cannot lock its owner out. Across all addresses, failures beyond `backoff.afterFailures`
 * in the window make every address that has failed on the account wait before its next try, doubling
 * from `baseDelayMs` up to `maxDelayMs`: an attack spread over many addresses slows down, while an
 * address with no failures (the owner at home) signs in at once.
 */
export const LOGIN_THROTTLE = {
  maxFailures: 10,
  windowMs: 15 * 60 * 1000,
  backoff: { afterFailures: 10, baseDelayMs: 1000, maxDelayMs: 60 * 1000 },
} as const;
export const TOKEN_EXPIRY = '7d';

/** Route ids are positive integers up to this (a 32-bit integer column on PostgreSQL). */
export const MAX_ID = 2_147_483_647;

/**
 * The body limit of a profile photo upload's route, in MB: the base64 of the largest file
 * (PHOTO_MAX_BYTES, profiles/photos.ts) and the JSON around it. Here, not there: the route table loads no zod.
 */
export const PHOTO_BODY_LIMIT_MB = 8;
