import { isAdminRole, normalisePermissions, type Role, type User, type UserStats } from '@npo/shared';
import { toBool, toIso, toIsoOrNull, toJson } from '../../db/rows.js';
import type { DbBoolean, UserRow } from '../../db/tables.js';

export type { UserRow };

/** The columns an account is presented from: the two-factor secret and step never leave their module. */
export type PresentedUserRow = Pick<
  UserRow,
  | 'id'
  | 'name'
  | 'email'
  | 'role'
  | 'permissions'
  | 'revision'
  | 'is_active'
  | 'last_login_at'
  | 'created_at'
  | 'password_hash'
> &
  Partial<Pick<UserRow, 'totp_enabled_at'>>;

export function presentUser(row: PresentedUserRow): User {
  return {
    id: row.id,
    revision: Number(row.revision),
    name: row.name,
    email: row.email,
    role: row.role,
    permissions: normalisePermissions(toJson(row.permissions, {})),
    isActive: toBool(row.is_active),
    twoFactorEnabled: Boolean(row.totp_enabled_at),
    // Only staff are invited; a member always signs up with a password.
    invitationPending: isAdminRole(row.role) && row.password_hash === null,
    lastLogin: toIsoOrNull(row.last_login_at),
    createdAt: toIso(row.created_at),
  };
}

/** One row of the accounts counted by role and active status. */
export interface UserCountRow {
  role: Role;
  is_active: DbBoolean;
  /** count(*): a string on PostgreSQL. */
  count: number | string;
}

export function presentUserStats(groups: UserCountRow[]): UserStats {
  const sum = (keep: (group: UserCountRow) => boolean) =>
    groups.filter(keep).reduce((total, group) => total + Number(group.count), 0);
  return {
    total: sum(() => true),
    admins: sum((group) => group.role === 'admin'),
    superAdmins: sum((group) => group.role === 'super_admin'),
    members: sum((group) => group.role === 'member'),
    active: sum((group) => toBool(group.is_active)),
    inactive: sum((group) => !toBool(group.is_active)),
  };
}
