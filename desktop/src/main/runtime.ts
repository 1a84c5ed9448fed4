/**
 * How this run was started. A packaged app is production, whatever its environment says; an
 * unpacked run is development, and trusts a renderer dev server only when `electron-vite dev`
 * announced one on this computer (ELECTRON_RENDERER_URL).
 */
import type { DevServer } from './csp';

export const DEV_NONCE_ENV = 'NPO_DEV_CSP_NONCE';

export interface RuntimeMode {
  development: boolean;
  devServer: DevServer | null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function loopbackHttpOrigin(address: string | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' && LOOPBACK.has(url.hostname) && !url.username && !url.password ? url.origin : null;
  } catch {
    return null;
  }
}

export function detectRuntime(options: { isPackaged: boolean; env: NodeJS.ProcessEnv }): RuntimeMode {
  if (options.isPackaged) return { development: false, devServer: null };
  const origin = loopbackHttpOrigin(options.env.ELECTRON_RENDERER_URL);
  const nonce = options.env[DEV_NONCE_ENV];
  return {
    development: true,
    devServer: origin ? { origin, nonce: nonce && /^[A-Za-z0-9_-]{16,}$/.test(nonce) ? nonce : null } : null,
  };
}
