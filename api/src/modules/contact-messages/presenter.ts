import type { ContactMessage } from '@npo/shared';
import { toIso } from '../../db/rows.js';
import type { ContactMessageRow } from '../../db/tables.js';

export type { ContactMessageRow };

export function presentContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    revision: Number(row.revision),
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    isRead: row.state !== 'new',
    state: row.state,
    createdAt: toIso(row.created_at),
  };
}
