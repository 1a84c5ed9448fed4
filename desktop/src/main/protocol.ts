/**
 * app://console/ serves the packaged renderer (never file://, which would give the page the whole
 * disk as its origin). Paths resolve inside out/renderer only; anything that would leave it is
 * refused, unknown paths get index.html (the console routes by hash), and every answer carries the CSP.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CustomScheme, Protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from '../bridge/contract';
import { describeError, type Logger } from './log';

/** standard: real origin and relative URLs; secure: a secure context; supportFetchAPI: fetch() of assets. */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true } as const;

export const APP_SCHEME_DEFINITION: CustomScheme = { scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } };

/** Must run before the app is ready: Chromium fixes scheme privileges at start-up. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_DEFINITION]);
}

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
};

export function mimeTypeFor(file: string): string {
  return MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

type Resolution = { kind: 'file'; file: string } | { kind: 'index' } | { kind: 'refused' };

/** Where a request path points inside the renderer folder, following symbolic links before deciding. */
export async function resolveRendererPath(rendererDir: string, pathname: string): Promise<Resolution> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'refused' };
  }
  if (decoded.includes('\0')) return { kind: 'refused' };
  // The leading "." keeps an absolute-looking path (/etc, C:\) relative to the renderer folder.
  const candidate = path.resolve(rendererDir, `.${path.sep}${decoded}`);
  if (!isInside(rendererDir, candidate)) return { kind: 'refused' };
  try {
    const real = await realpath(candidate);
    if (!isInside(await realpath(rendererDir), real)) return { kind: 'refused' };
    return (await stat(real)).isFile() ? { kind: 'file', file: real } : { kind: 'index' };
  } catch {
    return { kind: 'index' };
  }
}

export interface AppRequestHandlerOptions {
  rendererDir: string;
  contentSecurityPolicy(): string;
  log: Logger;
}

export function createAppRequestHandler(options: AppRequestHandlerOptions): (request: Request) => Promise<Response> {
  const { log } = options;
  const rendererDir = path.resolve(options.rendererDir);
  const answer = (status: number, body: Uint8Array | string | null, contentType: string) =>
    new Response(body, {
      status,
      headers: {
        'Content-Type': contentType,
        'Content-Security-Policy': options.contentSecurityPolicy(),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache',
      },
    });
  const refuse = (status: number, text: string) => answer(status, text, 'text/plain; charset=utf-8');

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'Method not allowed');
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return refuse(400, 'Bad request');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host.toLowerCase() !== APP_HOST) return refuse(404, 'Not found');
    const resolution = await resolveRendererPath(rendererDir, url.pathname);
    if (resolution.kind === 'refused') {
      log.warn('refused a request for a path outside the renderer');
      return refuse(403, 'Forbidden');
    }
    const file = resolution.kind === 'file' ? resolution.file : path.join(rendererDir, 'index.html');
    try {
      const body = await readFile(file);
      return answer(200, request.method === 'HEAD' ? null : new Uint8Array(body), mimeTypeFor(file));
    } catch (error) {
      log.error(`could not read a renderer file (${describeError(error)})`);
      return refuse(500, 'The console files are missing or damaged. Reinstall the application.');
    }
  };
}

export function serveRenderer(protocol: Pick<Protocol, 'handle'>, options: AppRequestHandlerOptions): void {
  protocol.handle(APP_SCHEME, createAppRequestHandler(options));
}
