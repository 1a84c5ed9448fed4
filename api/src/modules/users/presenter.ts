import { normalisePermissions, type Role, type User } from '@npo/shared';
import { toBool, toIso, toIsoOrNull, toJson } from '../../db/rows.js';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  password_hash: string | null;
  role: Role;
  permissions: unknown;
  token_version: number;
  is_active: unknown;
  last_login_at: unknown;
  created_at: unknown;
  updated_at: unknown;
}

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    permissions: normalisePermissions(toJson(row.permissions, {})),
    isActive: toBool(row.is_active),
    lastLogin: toIsoOrNull(row.last_login_at),
    createdAt: toIso(row.created_at),
  };
}
