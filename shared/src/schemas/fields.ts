/** Field builders that carry SPEC 5's messages: a missing or mistyped value gets the field's own message. */
import { z } from 'zod';
import { PASSWORD_MAX_BYTES } from '../constants.js';

/**
 * C0 and C1 control characters except tab, newline and carriage return. None belongs in text a person
 * typed, and PostgreSQL refuses NUL outright (SQLite would store it).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const disallowedCharactersMessage = (label: string) => `${label} contains characters that are not allowed`;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** A string without control characters: the one rule for every text field and text query parameter. */
export function plainString(label: string, typeMessage?: string) {
  return z
    .string(typeMessage === undefined ? undefined : { error: typeMessage })
    .refine((value) => !hasControlCharacters(value), { error: disallowedCharactersMessage(label), abort: true });
}

/** "Title must be at least 3 characters" names the field "Title". */
function labelOf(message: string): string {
  return /^(.+?) (?:must|is|cannot)\b/.exec(message)?.[1] ?? 'Text';
}

/** Trimmed text with a minimum and a maximum length. */
export function text(min: number, minMessage: string, max: number, maxMessage: string, label = labelOf(minMessage)) {
  return plainString(label, minMessage).trim().min(min, minMessage).max(max, maxMessage);
}

/**
 * `.invalid` is reserved (RFC 2606): no mailbox has such an address, and erased accounts hold one as
 * their placeholder (api members/erasure.ts), which nobody may take in advance.
 */
const RESERVED_DOMAIN = /\.invalid$/;

export function email(message: string) {
  return plainString('Email', message)
    .trim()
    .toLowerCase()
    .max(254, message)
    .pipe(z.email({ error: message }))
    .refine((value) => !RESERVED_DOMAIN.test(value), { error: message });
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
export function optionalWebUrl(message: string, label = 'Link') {
  return plainString(label, message)
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

/**
 * The id the console's outbox generates for a creation (DESIGN habit 17): the server keeps it unique,
 * so a creation replayed however late answers the row it made. Optional (scripts, the API's other
 * callers); an update ignores it.
 */
export const clientId = z.uuid({ error: 'clientId must be a UUID' }).optional();
