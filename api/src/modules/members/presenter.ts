import type { Member, MemberRegistration } from '@npo/shared';
import { toBool, toIso, toIsoOrNull } from '../../db/rows.js';
import type { ActivityRow, DbTimestamp, UserRow } from '../../db/tables.js';
import type { CsvFormat } from '../../lib/csv.js';
import { statusOn, type MembershipTerms } from '../renewals/terms.js';

/** The columns of an account a member is presented from: no hash, token version or permissions. */
export const MEMBER_COLUMNS = [
  'id',
  'name',
  'email',
  'is_active',
  'revision',
  'last_login_at',
  'created_at',
  'renewal_date',
] as const;
export type MemberRow = Pick<UserRow, (typeof MEMBER_COLUMNS)[number]>;

/** One member read whole (detail, erasure): also whether the address is proved, which lists do not need. */
export const MEMBER_ACCOUNT_COLUMNS = [...MEMBER_COLUMNS, 'email_verified_at'] as const;
export type MemberAccountRow = Pick<UserRow, (typeof MEMBER_ACCOUNT_COLUMNS)[number]>;

/** The member as the API shows them; their membership status is that of the terms' day. */
export function presentMember(row: MemberRow, terms: MembershipTerms): Member {
  return {
    id: row.id,
    revision: Number(row.revision),
    name: row.name,
    email: row.email,
    isActive: toBool(row.is_active),
    joinedAt: toIso(row.created_at),
    lastLogin: toIsoOrNull(row.last_login_at),
    renewalDate: row.renewal_date,
    membershipStatus: statusOn(row.renewal_date, terms),
  };
}

/** A registration joined to its activity (repository.ts REGISTRATION_COLUMNS). */
export type MemberRegistrationRow = Pick<ActivityRow, 'title' | 'date' | 'location' | 'status' | 'cpd_tenths'> & {
  activity_id: number;
  registered_at: DbTimestamp;
  attended_at: DbTimestamp | null;
};

export function presentMemberRegistration(row: MemberRegistrationRow): MemberRegistration {
  return {
    activityId: row.activity_id,
    title: row.title,
    date: toIso(row.date),
    location: row.location,
    status: row.status,
    registeredAt: toIso(row.registered_at),
    attendedAt: toIsoOrNull(row.attended_at),
    cpdHours: row.cpd_tenths === null ? null : Number(row.cpd_tenths) / 10,
  };
}

/** The members export (the list's current filter) as staff open it in a spreadsheet. */
export const MEMBERS_CSV: CsvFormat = {
  columns: [
    ['Name', 'name'],
    ['E-mail', 'email'],
    ['Status', { column: 'is_active', as: 'label', yes: 'Active', no: 'Deactivated' }],
    ['Joined at', { column: 'created_at', as: 'date' }],
    ['Last sign-in', { column: 'last_login_at', as: 'date' }],
    // The profile and tags (issue 57), under the headers the import reads (MEMBER_IMPORT_HEADERS).
    ['Title', 'title'],
    ['Country', 'country'],
    ['City', 'city'],
    ['Languages', 'languages'],
    ['Specialties', 'specialties'],
    ['Practice setting', 'practice_setting'],
    ['Registration body', 'registration_body'],
    ['Registration number', 'registration_number'],
    ['Bio', 'bio'],
    ['Website', 'website'],
    ['Tags', 'tags'],
    // YYYY-MM-DD as stored (empty: open-ended), so a re-import reads it back (members/import.ts).
    ['Renewal date', 'renewal_date'],
  ],
  id: 'id',
};
