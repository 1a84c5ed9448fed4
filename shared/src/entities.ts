/**
 * The shapes that leave the API (its presenters) and that both UIs read. Dates are ISO strings.
 * `revision` counts the admin edits of a row (1 when created): it is the item's ETag, and an editor
 * sends it back as `If-Match` so that a change made meanwhile by someone else is refused with 409.
 */
import type { ActivityStatus, ContactMessageState } from './constants.js';
import type { Pagination } from './envelope.js';
import type { PublicSection } from './content/public-sections.js';
import type { Permissions, Role } from './permissions.js';

export interface User {
  id: number;
  revision: number;
  name: string;
  email: string;
  role: Role;
  permissions: Permissions;
  isActive: boolean;
  /** Staff: whether sign-in asks for an authenticator code after the password. */
  twoFactorEnabled: boolean;
  /** Staff invited but without a password yet: the invitation link has not been used. */
  invitationPending: boolean;
  lastLogin: string | null;
  createdAt: string;
}

/** Account counts of GET /api/admin/users/stats; every account counts once by role and once by status. */
export interface UserStats {
  total: number;
  admins: number;
  superAdmins: number;
  members: number;
  active: number;
  inactive: number;
}

export interface MembershipCard {
  id: number;
  revision: number;
  type: string;
  title: string;
  subtitle: string;
  points: { value: string }[];
  isActive: boolean;
  /** Position in the public Membership Benefits section, 0 first. */
  order: number;
  createdAt: string;
  updatedAt: string;
}

export interface Objective {
  title: string;
  description: string;
}

/** What every version of versioned content (About Us, contact info, policies) has. */
export interface VersionedItem {
  id: number;
  revision: number;
  version: number;
  isActive: boolean;
  /** When the server activates this (inactive) version, UTC; null when it is not scheduled. */
  scheduledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AboutUsVersion extends VersionedItem {
  description: string;
  aims: string;
  objectives: Objective[];
}

export interface SocialLinks {
  instagram: string;
  facebook: string;
  twitter: string;
  linkedin: string;
}

export interface ContactInfoVersion extends VersionedItem {
  email: string;
  phone: string;
  instagram: string;
  socialLinks: SocialLinks;
}

export interface PolicyVersion extends VersionedItem {
  title: string;
  content: string;
  effectiveDate: string | null;
  lastUpdated: string;
}

export interface Activity {
  id: number;
  revision: number;
  title: string;
  description: string;
  date: string;
  location: string;
  status: ActivityStatus;
  tags: string[];
  capacity: number | null;
  participants: number;
  createdAt: string;
  updatedAt: string;
}

export interface Testimonial {
  id: number;
  revision: number;
  name: string;
  role: string;
  quote: string;
  isFeatured: boolean;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Faq {
  id: number;
  revision: number;
  question: string;
  answer: string;
  category: string | null;
  isActive: boolean;
  order: number;
  createdAt: string;
  updatedAt: string;
}

/** One attendee of an activity, as staff see them (GET /api/admin/activities/:id/registrations). */
export interface ActivityRegistration {
  userId: number;
  name: string;
  email: string;
  registeredAt: string;
}

export interface ActivityRegistrationsPage {
  registrations: ActivityRegistration[];
  pagination: Pagination;
}

export interface ContactMessage {
  id: number;
  revision: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** False only while the state is `new`; kept for the clients of the mark-read endpoint. */
  isRead: boolean;
  state: ContactMessageState;
  createdAt: string;
}

/**
 * A reply staff sent from the console (issue 55 item 4): queued as a mail, `sending` until the queue
 * delivered it (then `sent`, and its message is replied) or gave up (`failed`).
 */
export interface ContactMessageReply {
  id: number;
  messageId: number;
  body: string;
  /** The staff member who wrote it; null once their account is gone. */
  authorName: string | null;
  status: 'sending' | 'sent' | 'failed';
  createdAt: string;
  sentAt: string | null;
}

/** POST /api/admin/contact-messages/bulk: how many messages the action changed (0 on a repeat). */
export interface ContactMessagesBulkResult {
  changed: number;
}

/** GET /api/admin/contact-messages: a page of messages and the number still unread. */
export interface ContactMessagesPage {
  messages: ContactMessage[];
  pagination: Pagination;
  unread: number;
}

/**
 * The newest backup of the database, for super admins (issue 25). `builtIn` false: PostgreSQL, backed
 * up with its own tools, which the server cannot see (the other fields are then null and false).
 */
export interface DashboardBackup {
  builtIn: boolean;
  /** When the newest copy in DATA_DIR/backups was made; null when there is none. */
  lastAt: string | null;
  sizeBytes: number | null;
  /** No copy at all, or the newest older than two days (by the server's clock). */
  stale: boolean;
}

/**
 * A member (an account of role member) as staff see it in the Members module (issue 22). The last
 * sign-in is the account's last successful one (users.last_login_at); null when they never signed in.
 */
export interface Member {
  id: number;
  revision: number;
  name: string;
  email: string;
  isActive: boolean;
  joinedAt: string;
  lastLogin: string | null;
}

/** One of a member's activity registrations, with the activity it is for. */
export interface MemberRegistration {
  activityId: number;
  title: string;
  date: string;
  location: string;
  status: ActivityStatus;
  registeredAt: string;
}

/**
 * GET /api/admin/members/:id: the member, their registrations (upcoming soonest first, past most
 * recent first; split by the activity's status, as the public lists are), and the newest contact
 * messages sent from their e-mail address with how many there are in all. Sign-up does not prove the
 * address: the messages are the member's only once they completed a link mailed to it
 * (`emailVerified`); before that the list is empty and the count 0.
 */
export interface MemberDetail extends Member {
  registrations: { upcoming: MemberRegistration[]; past: MemberRegistration[] };
  emailVerified: boolean;
  contactMessages: ContactMessage[];
  contactMessageCount: number;
}

/**
 * "Download my data" (members' data rights): everything the site keeps about the signed-in account,
 * as stored. The contact messages sent from the account's address are included only once the account
 * has proved it holds that mailbox (`profile.emailVerified`): anyone can sign up with any address.
 */
export interface MemberDataExport {
  exportedAt: string;
  profile: {
    id: number;
    name: string;
    email: string;
    emailVerified: boolean;
    role: string;
    joinedAt: string;
    lastLogin: string | null;
  };
  registrations: MemberRegistration[];
  contactMessages: { id: number; name: string; email: string; phone: string; message: string; sentAt: string }[];
  /** Whether announcements are mailed to the account (on by default; one-click unsubscribe turns it off). */
  preferences: { receiveAnnouncements: boolean };
}

export interface DashboardData {
  stats: {
    totalUsers: number;
    totalUsersChange: number;
    activeAdmins: number;
    activeAdminsChange: number;
    totalActivities: number;
    totalActivitiesChange: number;
    totalTestimonials: number;
    totalTestimonialsChange: number;
  };
  userGrowth: { day: string; users: number }[];
  /** `email` only for staff who may view members (members:view): the dashboard is open to every admin. */
  recentUsers: { name: string; email?: string; role: Role; createdAt: string }[];
  upcomingActivities: { title: string; date: string; participants: number; capacity: number | null }[];
  contentStats: {
    membershipCards: { total: number; active: number };
    aboutUsVersions: { total: number; active: number };
    contactInfoVersions: { total: number; active: number };
    featuredTestimonials: number;
  };
  /**
   * What each change compares: created in the last 30 days (`current`) and in the 30 before. The
   * console says "new this month" where the previous period had none, instead of "+100 %".
   */
  statPeriods?: Record<DashboardStatName, DashboardStatPeriod>;
  /** The public sections that show SPEC's built-in fallback because nothing of theirs is public. */
  defaultContent?: PublicSection[];
  /** Only in a super admin's answer. */
  backup?: DashboardBackup;
}

export type DashboardStatName = 'totalUsers' | 'activeAdmins' | 'totalActivities' | 'totalTestimonials';

/**
 * What a stat's change compares: rows created in the last 30 days (current) and the 30 before. The
 * change is a trend only when `comparable`: the records reach back past both periods and the period
 * before holds enough to be a base (DASHBOARD_TREND_MIN_BASE), and the figure counts what the periods
 * count (Active Admins is a head count, never compared with admins created).
 */
export interface DashboardStatPeriod {
  current: number;
  previous: number;
  comparable: boolean;
}

/** Fewer than this in the 30 days before, and a percentage would only magnify noise ("+920.2%"). */
export const DASHBOARD_TREND_MIN_BASE = 10;

/** GET /api/admin/default-content: the sections visitors currently see SPEC's fallback in. */
export interface DefaultContentStatus {
  sections: PublicSection[];
}

export interface LoginResult {
  user: User;
  token: string;
  /**
   * Two-factor sign-in is required for all staff and this account has none yet: the token opens only
   * the two-factor setup routes until setup is confirmed (then it becomes a full session).
   */
  twoFactorSetupRequired?: boolean;
  /** The account signed in with the printed one-time password: it must choose a new one first. */
  passwordChangeRequired?: boolean;
  /**
   * Kept by the browser or app and sent with its next sign-ins (deviceToken in the body): a sign-in
   * of this account from this device is then not refused for others' traffic (issue 19).
   */
  deviceToken?: string;
}

/**
 * The password was right and the account uses two-factor sign-in: the second step
 * (POST /api/auth/login/two-factor) takes this challenge with a code. It is not an access token.
 */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  challenge: string;
}

/** What POST /api/auth/login answers. */
export type LoginAnswer = LoginResult | TwoFactorChallenge;

/** Tolerates a missing answer: the callers go on to report 'Invalid response from server'. */
export function isTwoFactorChallenge(answer: LoginAnswer | null | undefined): answer is TwoFactorChallenge {
  return (
    typeof answer === 'object' && answer !== null && 'twoFactorRequired' in answer && answer.twoFactorRequired === true
  );
}

/** What a mailed link's token is for: a password reset, or an invitation to choose a first password. */
export type AccountTokenPurpose = 'reset' | 'invitation';

export interface ResetTokenCheck {
  valid: boolean;
  email: string | null;
  /** Only when valid: the invitation page welcomes, the reset page resets. */
  purpose?: AccountTokenPurpose;
}

/** One live sign-in of the caller, as "My account" lists it (GET /api/account/sessions). */
export interface AccountSession {
  id: number;
  /** The browser or app that signed in, as it named itself; null when it sent no name. */
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** The session of the request that asked: "This device". */
  current: boolean;
}
