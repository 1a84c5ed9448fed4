/**
 * A user's role as a tag, in one colour per role on every screen (issue 21, item 11): the dashboard's
 * recent users and the Admins table used to disagree on Super Admin.
 */
import { Tag, type Intent } from '@blueprintjs/core';
import type { Role } from '@npo/shared';

export const ROLE_LABELS: Record<Role, string> = { member: 'Member', admin: 'Admin', super_admin: 'Super Admin' };

/** Red marks the accounts that can do everything; blue the admins; members stay neutral. */
export const ROLE_INTENTS: Record<Role, Intent> = { member: 'none', admin: 'primary', super_admin: 'danger' };

export function RoleTag({ role }: { role: Role }) {
  return (
    <Tag intent={ROLE_INTENTS[role]} minimal data-testid="role-tag" data-role={role}>
      {ROLE_LABELS[role]}
    </Tag>
  );
}
