import { normalisePermissions, type Role, type User, type UserStats } from '@npo/shared';
import { toBool, toIso, toIsoOrNull, toJson } from '../../db/rows.js';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  password_hash: string | null;
  role: Role;
  permissions: unknown;
  token_version: number;
  revision: number;
  is_active: unknown;
  last_login_at: unknown;
  created_at: unknown;
  updated_at: unknown;
  /** Set once two-factor sign-in is confirmed; the secret itself never leaves the two-factor module. */
  totp_enabled_at?: unknown;
}

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    revision: Number(row.revision),
    name: row.name,
    email: row.email,
    role: row.role,
    permissions: normalisePermissions(toJson(row.permissions, {})),
    isActive: toBool(row.is_active),
    twoFactorEnabled: Boolean(row.totp_enabled_at),
    lastLogin: toIsoOrNull(row.last_login_at),
    createdAt: toIso(row.created_at),
  };
}

/** One row of the accounts counted by role and active status. */
export interface UserCountRow {
  role: Role;
  is_active: unknown;
  count: unknown;
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
