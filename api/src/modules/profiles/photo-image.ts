/**
 * Turning an uploaded photo into the sizes the site shows (issue 57), refusing what is not a photo
 * before anything decodes it:
 *  1. its first bytes must be a JPEG's, a PNG's or a WebP's (an SVG, a GIF, a PDF or text is refused
 *     whatever its name or type says);
 *  2. its header's width x height must be at most PHOTO_MAX_PIXELS: sharp reads that without decoding,
 *     and limitInputPixels makes libvips itself refuse a larger image, so a small file that declares a
 *     huge image (a decompression bomb) never gets its pixels allocated;
 *  3. it is decoded once, turned upright by its EXIF orientation, cropped to a square and written as
 *     WebP in each size. sharp keeps no metadata unless asked: EXIF (GPS, camera), XMP, IPTC and ICC
 *     profiles are not in the output.
 * sharp works in libuv's thread pool, so a decode does not hold the event loop.
 */
import { createHash } from 'node:crypto';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_MESSAGES, PHOTO_SIZES, type PhotoSize } from '@npo/shared';
import sharp, { type Metadata } from 'sharp';
import { validationError } from '../../errors.js';

export interface ProcessedPhoto {
  /** 32 hex digits of the SHA-256 of the sizes: the photo's name in its served path. */
  hash: string;
  images: Record<PhotoSize, Buffer>;
}

type PhotoFormat = 'jpeg' | 'png' | 'webp';

const refuse = (message: string) => validationError([{ field: 'image', message }]);

/** The format the file's first bytes say, or undefined for anything else. */
export function sniffFormat(bytes: Buffer): PhotoFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'png';
  const riff = bytes.subarray(0, 4).toString('latin1');
  if (bytes.length >= 12 && riff === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return undefined;
}

/** The file's bytes from the upload's base64 (the schema checked its alphabet and length). */
export function photoBytes(base64: string): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > PHOTO_MAX_BYTES) throw refuse(PHOTO_MESSAGES.tooLarge);
  if (bytes.length === 0) throw refuse(PHOTO_MESSAGES.missing);
  return bytes;
}

/** libvips options for every read of an upload: refuse past the pixel limit, stop at the first error. */
const inputOptions = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', pages: 1 } as const;

/** libvips' refusal as the field's message: past limitInputPixels, or anything it cannot read. */
const readError = (error: unknown): string =>
  error instanceof Error && /pixel limit/i.test(error.message)
    ? PHOTO_MESSAGES.tooManyPixels
    : PHOTO_MESSAGES.unreadable;

async function checkedHeader(bytes: Buffer, format: PhotoFormat): Promise<void> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, inputOptions).metadata();
  } catch (error) {
    throw refuse(readError(error));
  }
  if (metadata.format !== format) throw refuse(PHOTO_MESSAGES.type);
  const { width, height } = metadata;
  if (!width || !height) throw refuse(PHOTO_MESSAGES.unreadable);
  if (width * height > PHOTO_MAX_PIXELS) throw refuse(PHOTO_MESSAGES.tooManyPixels);
}

/** The upload checked and written in every size, or a 422 on `image` saying why not. */
export async function processPhoto(base64: string): Promise<ProcessedPhoto> {
  const bytes = photoBytes(base64);
  const format = sniffFormat(bytes);
  if (!format) throw refuse(PHOTO_MESSAGES.type);
  await checkedHeader(bytes, format);
  const upright = sharp(bytes, inputOptions).rotate();
  let written: Buffer[];
  try {
    written = await Promise.all(
      PHOTO_SIZES.map((size) =>
        upright.clone().resize(size, size, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer(),
      ),
    );
  } catch (error) {
    throw refuse(readError(error));
  }
  const hash = createHash('sha256');
  for (const image of written) hash.update(image);
  const images = Object.fromEntries(PHOTO_SIZES.map((size, index) => [size, written[index]!])) as Record<
    PhotoSize,
    Buffer
  >;
  return { hash: hash.digest('hex').slice(0, 32), images };
}
