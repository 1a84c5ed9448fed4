/**
 * Serves a built front end from a folder: hashed assets cached for a year, everything else
 * revalidated; with `spaFallback`, unknown paths answer the app's index.html (client routing).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.map': 'application/json',
};

async function fileAt(file: string): Promise<{ size: number; mtime: Date } | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

/** Encodings a build may have written beside a file (`app.js.br`, `app.js.gz`), best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The smallest precompressed sibling the client accepts, or the file itself. */
async function pickEncoding(ctx: Context, file: string) {
  for (const { encoding, suffix } of PRECOMPRESSED) {
    if (!ctx.acceptsEncodings(encoding)) continue;
    const info = await fileAt(file + suffix);
    if (info) return { path: file + suffix, info, encoding };
  }
  return null;
}

/** Answers `relativePath` from `root` if it is a file there; false when there is no such file. */
export async function sendFile(ctx: Context, root: string, relativePath: string): Promise<boolean> {
  const decoded = decodeURIComponent(relativePath);
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (!file.startsWith(path.resolve(root) + path.sep)) return false;
  const info = await fileAt(file);
  if (!info) return false;
  const hashed =
    /[.-][\w-]{8,}\.(js|mjs|css|woff2|svg|png|jpe?g|webp|avif)$/.test(file) ||
    file.includes(`${path.sep}assets${path.sep}`);
  ctx.set('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  ctx.type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  const encoded = await pickEncoding(ctx, file);
  ctx.vary('Accept-Encoding');
  ctx.length = encoded?.info.size ?? info.size;
  ctx.lastModified = info.mtime;
  if (ctx.fresh) {
    ctx.status = 304;
    return true;
  }
  if (encoded) ctx.set('Content-Encoding', encoded.encoding);
  ctx.body = ctx.method === 'HEAD' ? null : createReadStream(encoded?.path ?? file);
  return true;
}
