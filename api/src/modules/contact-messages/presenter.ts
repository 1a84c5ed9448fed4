import type { ContactMessage } from '@npo/shared';
import { toBool, toIso } from '../../db/rows.js';

export interface ContactMessageRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  is_read: unknown;
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
    isRead: toBool(row.is_read),
    createdAt: toIso(row.created_at),
  };
}
