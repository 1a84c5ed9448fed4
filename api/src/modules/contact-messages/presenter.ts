import type { ContactMessage } from '@npo/shared';
import { toIso } from '../../db/rows.js';
import type { ContactMessageRow } from '../../db/tables.js';
import type { CsvFormat } from '../../lib/csv.js';

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

/** The inbox as staff open it in a spreadsheet; messages have no subject, so none is exported. */
export const MESSAGES_CSV: CsvFormat = {
  columns: [
    ['Received at', { column: 'created_at', as: 'date' }],
    ['Name', 'name'],
    ['E-mail', 'email'],
    ['Phone', 'phone'],
    ['Message', 'message'],
    ['State', 'state'],
  ],
  id: 'id',
};
