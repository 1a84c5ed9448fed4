import type { ContactMessage, ContactMessageState } from '@npo/shared';
import { toIso } from '../../db/rows.js';

export interface ContactMessageRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  state: ContactMessageState;
  revision: number;
  created_at: unknown;
}

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
