/** Field builders that carry SPEC 5's messages: a missing or mistyped value gets the field's own message. */
import { z } from 'zod';
import { PASSWORD_MAX_BYTES } from '../constants.js';

/** Trimmed text with a minimum and a maximum length. */
export function text(min: number, minMessage: string, max: number, maxMessage: string) {
  return z.string({ error: minMessage }).trim().min(min, minMessage).max(max, maxMessage);
}

export function email(message: string) {
  return z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(254, message)
    .pipe(z.email({ error: message }));
}

export function password(min: number, minMessage: string) {
  return z
    .string({ error: minMessage })
    .min(min, minMessage)
    .refine((value) => new TextEncoder().encode(value).length <= PASSWORD_MAX_BYTES, {
      error: `Password cannot be longer than ${PASSWORD_MAX_BYTES} bytes.`,
    });
}

/** An ISO 8601 date-time with a zone (Z or an offset), normalised to UTC `toISOString()` form. */
export function isoDateTime(message: string) {
  return z
    .string({ error: message })
    .trim()
    .pipe(z.iso.datetime({ offset: true, error: message }))
    .transform((value) => new Date(value).toISOString());
}

/** An http(s) URL, or empty (stored as empty). Other schemes (javascript:, data:) are refused. */
export function optionalWebUrl(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(500, message)
    .refine((value) => value === '' || isWebUrl(value), { error: message })
    .optional()
    .default('');
}

export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function flag(message: string) {
  return z.boolean({ error: message });
}
