/**
 * Members' profile photos (issue 57): what an upload is (a JSON body with the file as base64, like
 * every other body of the API), the limits the server checks before it decodes anything, the sizes it
 * keeps, and the messages it refuses with. The photo is served at a content-addressed path, so its
 * answer can be cached for good: a new photo has a new path.
 */
import { z } from 'zod';

/** The most bytes of the file itself (the JSON body carries it as base64, a third larger). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The most pixels (width x height) an upload may declare; read from its header, before any decoding. */
export const PHOTO_MAX_PIXELS = 25_000_000;
/** The square sizes kept, in pixels (WebP): a list's thumbnail, a profile's picture, a large view. */
export const PHOTO_SIZES = [96, 256, 512] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

export const PHOTO_MESSAGES = {
  missing: 'Choose a photo to upload.',
  notBase64: 'The photo must be sent as base64.',
  tooLarge: `The photo must be at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  type: 'The photo must be a JPEG, PNG or WebP image.',
  tooManyPixels: `The photo must be at most ${PHOTO_MAX_PIXELS / 1_000_000} megapixels: upload a smaller copy.`,
  unreadable: 'The photo could not be read: the file is damaged or not an image.',
} as const;

/** The base64 length of PHOTO_MAX_BYTES (padding included): longer text cannot fit the limit. */
const MAX_BASE64_CHARS = Math.ceil(PHOTO_MAX_BYTES / 3) * 4;

/** The body of PUT /api/account/profile/photo and PUT /api/admin/members/:id/profile/photo. */
export const photoUploadSchema = z.strictObject({
  image: z
    .string({ error: PHOTO_MESSAGES.missing })
    .min(1, PHOTO_MESSAGES.missing)
    .max(MAX_BASE64_CHARS, PHOTO_MESSAGES.tooLarge)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, PHOTO_MESSAGES.notBase64)
    .describe(`The file (JPEG, PNG or WebP, at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB) as base64, no data: prefix`),
});
export type PhotoUploadInput = z.input<typeof photoUploadSchema>;

/** Where one size of a photo is served: /api/photos/<key>/<size>. */
export const photoPath = (key: string, size: PhotoSize): string => `/api/photos/${key}/${size}`;

/** The file types a photo field offers (its accept attribute); the server checks the content itself. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

/** Why a chosen file cannot be a photo, before it is sent (the server checks again, by content). */
export function photoFileProblem(file: { size: number; type: string }): string | undefined {
  if (!PHOTO_ACCEPT.split(',').includes(file.type)) return PHOTO_MESSAGES.type;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  return undefined;
}

/** A chosen file as an upload's base64 (in chunks: one call per byte would overflow the stack). */
export async function photoBase64(file: { arrayBuffer(): Promise<ArrayBuffer> }): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
