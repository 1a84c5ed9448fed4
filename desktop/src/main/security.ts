/**
 * What the console's web contents may do. The decisions are pure functions of a URL (tested on their
 * own); hardenWebContents installs them on every web contents the app creates: navigation away from
 * the console is cancelled, new windows are never created (http/https links go to the system
 * browser), <webview> is refused, and permission requests are denied (two exceptions, see below).
 */
import type { App, Shell } from 'electron';
import { APP_HOST, APP_SCHEME } from '../bridge/contract';
import { describeUrl, type Logger } from './log';

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The packaged console (app://console/…), or in development the renderer dev server. */
export function isConsoleUrl(url: string, devServerOrigin: string | null = null): boolean {
  const parsed = parse(url);
  if (!parsed || parsed.username || parsed.password) return false;
  // app: is not a WHATWG special scheme, so its `origin` is "null" and its host keeps its case
  // (Chromium lowercases it for a standard scheme): compare scheme and host instead.
  if (parsed.protocol === `${APP_SCHEME}:`) return parsed.host.toLowerCase() === APP_HOST;
  return devServerOrigin !== null && parsed.origin === devServerOrigin;
}

/** A mail to write in the system's mail program (the inbox's Reply): one plain address, then ?subject&body. */
export function isSafeMailto(url: string): boolean {
  const parsed = parse(url);
  return parsed !== null && parsed.protocol === 'mailto:' && /^[^\s@/\\]+(@|%40)[^\s@/\\]+$/.test(parsed.pathname);
}

/**
 * Addresses the operating system may open: http or https with a host and no credentials (the
 * browser), or a safe mailto: (the mail program).
 */
export function isSafeExternalUrl(url: string): boolean {
  const parsed = parse(url);
  if (parsed?.protocol === 'mailto:') return isSafeMailto(url);
  return (
    parsed !== null &&
    (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
    parsed.hostname !== '' &&
    !parsed.username &&
    !parsed.password
  );
}

export function isNavigationAllowed(url: string, devServerOrigin: string | null = null): boolean {
  return isConsoleUrl(url, devServerOrigin);
}

/** window.open and target=_blank never create a window; safe web addresses open in the browser instead. */
export function decideWindowOpen(url: string): { action: 'deny'; openInBrowser: boolean } {
  return { action: 'deny', openInBrowser: isSafeExternalUrl(url) };
}

/**
 * The one place that hands an address to the operating system. The address is validated here,
 * right before the call, whoever asked (the renderer through IPC, a link, the menu).
 */
export function openExternalIfSafe(url: string, shell: Pick<Shell, 'openExternal'>, log: Logger): boolean {
  if (!isSafeExternalUrl(url)) {
    log.warn(`refused to open ${describeUrl(url)} outside the app`);
    return false;
  }
  // Reviewed for Electronegativity: the URL passed isSafeExternalUrl just above.
  const opening = shell.openExternal(url); /* eng-disable OPEN_EXTERNAL_JS_CHECK */
  opening.catch(() => log.warn(`the system could not open ${describeUrl(url)}`));
  return true;
}

export type ExternalOpenDecision = { action: 'open' } | { action: 'confirm'; host: string } | { action: 'refuse' };

/**
 * Where an address asked for by the console (a link, window.open, the bridge's openExternal) may go:
 * straight to the browser when it is on the organisation's server (which also serves the public
 * site) or is a mail to write; after a native confirmation naming the host otherwise, since a
 * compromised renderer could otherwise send staff to any page; nowhere when it is not a safe address.
 */
export function decideExternalOpen(url: string, trustedOrigins: readonly (string | null)[]): ExternalOpenDecision {
  if (!isSafeExternalUrl(url)) return { action: 'refuse' };
  const parsed = new URL(url);
  if (parsed.protocol === 'mailto:') return { action: 'open' };
  if (trustedOrigins.includes(parsed.origin)) return { action: 'open' };
  return { action: 'confirm', host: parsed.host };
}

export type ExternalOpenOutcome = 'opened' | 'declined' | 'refused';

export interface ExternalOpenDeps {
  shell: Pick<Shell, 'openExternal'>;
  log: Logger;
  /** The configured server's origin (the public site is served there too). */
  trustedOrigins(): readonly (string | null)[];
  /** The native "Open <host> in your browser?" dialog: true to open. */
  confirm(host: string): Promise<boolean>;
}

export async function openExternalWithConsent(url: string, deps: ExternalOpenDeps): Promise<ExternalOpenOutcome> {
  const decision = decideExternalOpen(url, deps.trustedOrigins());
  if (decision.action === 'refuse') {
    deps.log.warn(`refused to open ${describeUrl(url)} outside the app`);
    return 'refused';
  }
  if (decision.action === 'confirm') {
    // A dialog that cannot be shown counts as a no: the address is not opened unasked.
    const confirmed = await deps.confirm(decision.host).catch(() => false);
    if (!confirmed) {
      deps.log.info(`opening ${describeUrl(url)} was declined`);
      return 'declined';
    }
  }
  return openExternalIfSafe(url, deps.shell, deps.log) ? 'opened' : 'refused';
}

/** Chromium's Local Network Access (142+): a page reaching a server on this computer or the LAN. */
const LOCAL_NETWORK_PERMISSIONS = new Set(['local-network-access', 'local-network', 'loopback-network']);

/** Writing text to the clipboard (navigator.clipboard.writeText): never reading it. */
const CLIPBOARD_WRITE = 'clipboard-sanitized-write';

/**
 * The console needs no camera, notifications (the main process shows those), geolocation,
 * clipboard reading or anything else, so every permission is refused, with two exceptions for the
 * console itself. It may reach a server on this computer or the local network, since app:// has no
 * network address of its own and Chromium would otherwise block a loopback or intranet server; that
 * widens nothing, the CSP's connect-src already allows exactly the one configured server. And it may
 * write text to the clipboard: its Copy buttons (the two-factor secret, the recovery codes, "Copy my
 * text" in a conflict) failed without it (issue 54 item 9). Reading the clipboard stays refused.
 */
export function isPermissionGranted(
  permission: string,
  requestingUrl: string,
  devServerOrigin: string | null,
): boolean {
  const allowed = LOCAL_NETWORK_PERMISSIONS.has(permission) || permission === CLIPBOARD_WRITE;
  return allowed && isConsoleUrl(requestingUrl, devServerOrigin);
}

/** The part of an Electron Session this module uses (declared narrowly so test doubles fit too). */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (contents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void;
}

export function restrictPermissions(session: PermissionSession, devServerOrigin: string | null = null): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionGranted(permission, details?.requestingUrl ?? '', devServerOrigin)),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionGranted(permission, requestingOrigin, devServerOrigin),
  );
}

export interface HardeningDeps {
  devServerOrigin: string | null;
  /** May ask first (openExternalWithConsent): what it answers is not awaited here. */
  openInBrowser(url: string): unknown;
  log: Logger;
}

interface NavigationEvent {
  url: string;
  preventDefault(): void;
}

/** The part of an Electron WebContents this module uses. */
export interface HardenableContents {
  on(event: 'will-navigate', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-redirect', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  readonly session: PermissionSession;
}

export function hardenWebContents(contents: HardenableContents, deps: HardeningDeps): void {
  const refuseForeign = (event: NavigationEvent) => {
    if (isNavigationAllowed(event.url, deps.devServerOrigin)) return;
    event.preventDefault();
    // A mailto: link (the inbox's Reply) is followed by opening the mail program, never in the window.
    if (isSafeMailto(event.url)) deps.openInBrowser(event.url);
    else deps.log.warn(`blocked navigation to ${describeUrl(event.url)}`);
  };
  contents.on('will-navigate', refuseForeign);
  contents.on('will-redirect', refuseForeign);
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    deps.log.warn('blocked a <webview>');
  });
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    if (decision.openInBrowser) deps.openInBrowser(url);
    else deps.log.warn(`blocked a new window for ${describeUrl(url)}`);
    return { action: decision.action };
  });
  restrictPermissions(contents.session, deps.devServerOrigin);
}

/** Every web contents, including ones created later (devtools, any future window), gets the same rules. */
export function hardenAllWebContents(app: Pick<App, 'on'>, deps: HardeningDeps): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, deps));
}
