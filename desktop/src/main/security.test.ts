import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  decideWindowOpen,
  hardenAllWebContents,
  hardenWebContents,
  isConsoleUrl,
  isNavigationAllowed,
  isPermissionGranted,
  isSafeExternalUrl,
  decideExternalOpen,
  openExternalIfSafe,
  openExternalWithConsent,
  restrictPermissions,
} from './security';
import { FakeSession, FakeWebContents, recordingLogger } from './test-support/fake-electron';

const DEV = 'http://localhost:5173';

describe('isConsoleUrl', () => {
  it.each([
    'app://console/',
    'app://console/index.html',
    'app://console/index.html#/faqs',
    'app://console/assets/index-abc.js',
    'APP://CONSOLE/',
  ])('trusts %s', (url) => {
    expect(isConsoleUrl(url)).toBe(true);
  });

  it.each([
    'app://evil/',
    'app://console.evil/',
    'app://evil.console/',
    'app://console:8080/',
    'app://user:pass@console/',
    'app://user@console/',
    'file:///etc/passwd',
    'https://console/',
    'http://localhost:5173/',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'about:blank',
    'not a url',
    '',
  ])('does not trust %s', (url) => {
    expect(isConsoleUrl(url)).toBe(false);
  });

  it('trusts the dev server only when one is given, and only its exact origin', () => {
    expect(isConsoleUrl(`${DEV}/`, DEV)).toBe(true);
    expect(isConsoleUrl(`${DEV}/src/main.tsx`, DEV)).toBe(true);
    expect(isConsoleUrl(`${DEV}/`, null)).toBe(false);
    expect(isConsoleUrl('http://localhost:5174/', DEV)).toBe(false);
    expect(isConsoleUrl('https://localhost:5173/', DEV)).toBe(false);
    expect(isConsoleUrl('http://user@localhost:5173/', DEV)).toBe(false);
  });
});

describe('isSafeExternalUrl', () => {
  it.each([
    'https://nutrition.example.org/',
    'https://nutrition.example.org/about?x=1#top',
    'http://example.org/',
    'mailto:someone@example.org',
    'mailto:zo%C3%AB@example.org?subject=Re%3A%20Your%20message&body=%3E%20Hello',
  ])('accepts %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'file:///C:/Windows/System32/calc.exe',
    'file:///etc/passwd',
    'data:text/html,hello',
    'smb://server/share',
    'ms-msdt:/id PCWDiagnostic',
    'app://console/',
    'https://user:secret@example.org/',
    'https://user@example.org/',
    'https://',
    'mailto:',
    'mailto:someone',
    'mailto:a@example.org/../x',
    'mailto:a@b@example.org',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });
});

describe('navigation and window.open decisions', () => {
  it('allows navigation inside the console only', () => {
    expect(isNavigationAllowed('app://console/index.html#/login')).toBe(true);
    expect(isNavigationAllowed('https://nutrition.example.org/')).toBe(false);
    expect(isNavigationAllowed('app://evil/')).toBe(false);
    expect(isNavigationAllowed(`${DEV}/`)).toBe(false);
    expect(isNavigationAllowed(`${DEV}/`, DEV)).toBe(true);
  });

  it('never opens a window; hands only safe web addresses to the browser', () => {
    expect(decideWindowOpen('https://nutrition.example.org/')).toEqual({ action: 'deny', openInBrowser: true });
    expect(decideWindowOpen('http://example.org/')).toEqual({ action: 'deny', openInBrowser: true });
    for (const url of ['app://console/', 'javascript:alert(1)', 'file:///etc/passwd', 'https://a:b@example.org/']) {
      expect(decideWindowOpen(url)).toEqual({ action: 'deny', openInBrowser: false });
    }
  });
});

describe('openExternalIfSafe', () => {
  it('opens a safe address and refuses the rest without calling the shell', async () => {
    const opened: string[] = [];
    const shell = { openExternal: async (url: string) => void opened.push(url) };
    const log = recordingLogger();
    expect(openExternalIfSafe('https://nutrition.example.org/about', shell, log)).toBe(true);
    expect(openExternalIfSafe('file:///etc/passwd', shell, log)).toBe(false);
    expect(openExternalIfSafe('javascript:alert(1)', shell, log)).toBe(false);
    expect(opened).toEqual(['https://nutrition.example.org/about']);
  });

  it('logs a shell failure instead of rejecting', async () => {
    const log = recordingLogger();
    const shell = { openExternal: () => Promise.reject(new Error('no browser')) };
    expect(openExternalIfSafe('https://example.org/', shell, log)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.text()).toContain('could not open https://example.org');
  });
});

describe('permissions', () => {
  const EVERYDAY = ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'unknown'];
  const LOCAL_NETWORK = ['local-network-access', 'local-network', 'loopback-network'];

  function requested(session: FakeSession, permission: string, requestingUrl: string): boolean | undefined {
    let granted: boolean | undefined;
    session.permissionRequestHandler!({}, permission, (answer) => (granted = answer), { requestingUrl });
    return granted;
  }

  it('denies every permission request and check, whoever asks', () => {
    const session = new FakeSession();
    restrictPermissions(session);
    for (const permission of EVERYDAY) {
      expect(requested(session, permission, 'app://console/index.html'), permission).toBe(false);
      expect(session.permissionCheckHandler!({}, permission, 'app://console', {}), permission).toBe(false);
    }
  });

  it('lets only the console reach a server on this computer or the LAN (Local Network Access)', () => {
    const session = new FakeSession();
    restrictPermissions(session);
    for (const permission of LOCAL_NETWORK) {
      expect(requested(session, permission, 'app://console/index.html#/'), permission).toBe(true);
      expect(session.permissionCheckHandler!({}, permission, 'app://console', {}), permission).toBe(true);
      for (const stranger of ['app://evil/', 'https://evil.example/', 'http://localhost:5173/', '']) {
        expect(requested(session, permission, stranger), `${permission} ${stranger}`).toBe(false);
        expect(session.permissionCheckHandler!({}, permission, stranger, {}), `${permission} ${stranger}`).toBe(false);
      }
    }
  });

  it('lets only the console write to the clipboard (its Copy buttons), never read it', () => {
    const session = new FakeSession();
    restrictPermissions(session);
    expect(requested(session, 'clipboard-sanitized-write', 'app://console/index.html#/account')).toBe(true);
    expect(session.permissionCheckHandler!({}, 'clipboard-sanitized-write', 'app://console', {})).toBe(true);
    for (const stranger of ['app://evil/', 'https://evil.example/', '']) {
      expect(requested(session, 'clipboard-sanitized-write', stranger), stranger).toBe(false);
    }
    expect(requested(session, 'clipboard-read', 'app://console/index.html')).toBe(false);
  });

  it('treats the dev server as the console in development only', () => {
    expect(isPermissionGranted('loopback-network', 'http://localhost:5173', 'http://localhost:5173')).toBe(true);
    expect(isPermissionGranted('loopback-network', 'http://localhost:5173', null)).toBe(false);
    expect(isPermissionGranted('media', 'http://localhost:5173', 'http://localhost:5173')).toBe(false);
  });
});

describe('hardenWebContents', () => {
  function hardened(devServerOrigin: string | null = null) {
    const contents = new FakeWebContents();
    const opened: string[] = [];
    const log = recordingLogger();
    hardenWebContents(contents, { devServerOrigin, openInBrowser: (url) => void opened.push(url), log });
    return { contents, opened, log };
  }

  it('cancels navigation and redirects away from the console', () => {
    const { contents, log } = hardened();
    expect(contents.navigate('will-navigate', 'https://evil.example/phish?token=secret')).toBe(true);
    expect(contents.navigate('will-redirect', 'file:///etc/passwd')).toBe(true);
    expect(contents.navigate('will-navigate', 'app://evil/')).toBe(true);
    expect(contents.navigate('will-navigate', 'app://console/index.html')).toBe(false);
    expect(contents.navigate('will-redirect', 'app://console/index.html#/faqs')).toBe(false);
    // The log names the origin, never the query that may carry a token.
    expect(log.text()).toContain('https://evil.example');
    expect(log.text()).not.toContain('secret');
  });

  it('opens a mailto: link in the mail program instead of navigating', () => {
    const { contents, opened } = hardened();
    const reply = 'mailto:ada@example.org?subject=Re%3A%20Your%20message%20to%20us';
    expect(contents.navigate('will-navigate', reply)).toBe(true);
    expect(opened).toEqual([reply]);
    expect(contents.navigate('will-navigate', 'mailto:not-an-address')).toBe(true);
    expect(opened).toEqual([reply]);
  });

  it('lets the dev server navigate in development only', () => {
    expect(hardened(DEV).contents.navigate('will-navigate', `${DEV}/`)).toBe(false);
    expect(hardened(null).contents.navigate('will-navigate', `${DEV}/`)).toBe(true);
  });

  it('denies every new window and sends http(s) to the browser', () => {
    const { contents, opened } = hardened();
    const open = (url: string) => contents.windowOpenHandler!({ url });
    expect(open('https://nutrition.example.org/')).toEqual({ action: 'deny' });
    expect(open('http://example.org/page')).toEqual({ action: 'deny' });
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(open('app://console/')).toEqual({ action: 'deny' });
    expect(open('https://user:pw@example.org/')).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://nutrition.example.org/', 'http://example.org/page']);
  });

  it('prevents <webview> attachment', () => {
    const { contents } = hardened();
    let prevented = false;
    contents.emit('will-attach-webview', { preventDefault: () => (prevented = true) }, {}, { src: 'https://x' });
    expect(prevented).toBe(true);
  });

  it('restricts permissions on the contents’ session', () => {
    const { contents } = hardened();
    expect(contents.session.permissionCheckHandler!({}, 'media', 'app://console', {})).toBe(false);
    expect(contents.session.permissionCheckHandler!({}, 'local-network-access', 'https://evil.example', {})).toBe(
      false,
    );
  });
});

describe('hardenAllWebContents', () => {
  it('hardens every web contents the app creates', () => {
    const app = new EventEmitter();
    hardenAllWebContents(app as never, { devServerOrigin: null, openInBrowser: () => {}, log: recordingLogger() });
    const first = new FakeWebContents();
    const second = new FakeWebContents();
    app.emit('web-contents-created', {}, first);
    app.emit('web-contents-created', {}, second);
    for (const contents of [first, second]) {
      expect(contents.windowOpenHandler).not.toBeNull();
      expect(contents.navigate('will-navigate', 'https://evil.example/')).toBe(true);
    }
  });
});

describe('decideExternalOpen', () => {
  const SERVER = 'https://nutrition.example.org';

  it("opens the configured server's pages (the public site is served there) and mails straight away", () => {
    expect(decideExternalOpen(`${SERVER}/about`, [SERVER])).toEqual({ action: 'open' });
    expect(decideExternalOpen(`${SERVER}/`, [null, SERVER])).toEqual({ action: 'open' });
    expect(decideExternalOpen('mailto:ada@example.org?subject=Hello', [SERVER])).toEqual({ action: 'open' });
  });

  it('asks first for any other host, naming it', () => {
    expect(decideExternalOpen('https://evil.example/login', [SERVER])).toEqual({
      action: 'confirm',
      host: 'evil.example',
    });
    expect(decideExternalOpen('https://nutrition.example.org.evil.example/', [SERVER])).toEqual({
      action: 'confirm',
      host: 'nutrition.example.org.evil.example',
    });
    // Another port or scheme is another origin.
    expect(decideExternalOpen('http://nutrition.example.org/', [SERVER])).toEqual({
      action: 'confirm',
      host: 'nutrition.example.org',
    });
    expect(decideExternalOpen('https://nutrition.example.org:8443/', [SERVER])).toEqual({
      action: 'confirm',
      host: 'nutrition.example.org:8443',
    });
    expect(decideExternalOpen(`${SERVER}/`, [null])).toEqual({ action: 'confirm', host: 'nutrition.example.org' });
  });

  it('refuses what is not a web address or a plain mail', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://user:pw@nutrition.example.org/',
      'smb://x/',
    ]) {
      expect(decideExternalOpen(url, [SERVER]), url).toEqual({ action: 'refuse' });
    }
  });
});

describe('openExternalWithConsent', () => {
  const SERVER = 'https://nutrition.example.org';

  function setup(answer: boolean | Error) {
    const opened: string[] = [];
    const asked: string[] = [];
    const log = recordingLogger();
    const deps = {
      shell: { openExternal: async (url: string) => void opened.push(url) },
      log,
      trustedOrigins: () => [SERVER],
      confirm: async (host: string) => {
        asked.push(host);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
    return { opened, asked, log, open: (url: string) => openExternalWithConsent(url, deps) };
  }

  it("opens the server's pages without asking", async () => {
    const { opened, asked, open } = setup(false);
    expect(await open(`${SERVER}/faqs`)).toBe('opened');
    expect(opened).toEqual([`${SERVER}/faqs`]);
    expect(asked).toEqual([]);
  });

  it('opens another host only after the dialog said yes', async () => {
    const yes = setup(true);
    expect(await yes.open('https://docs.example.com/guide')).toBe('opened');
    expect(yes.asked).toEqual(['docs.example.com']);
    expect(yes.opened).toEqual(['https://docs.example.com/guide']);
    const no = setup(false);
    expect(await no.open('https://docs.example.com/guide')).toBe('declined');
    expect(no.opened).toEqual([]);
  });

  it('treats a dialog that failed as a no, and refuses unsafe addresses without asking', async () => {
    const broken = setup(new Error('no window'));
    expect(await broken.open('https://docs.example.com/')).toBe('declined');
    expect(broken.opened).toEqual([]);
    const { open, asked, opened } = setup(true);
    expect(await open('file:///etc/passwd')).toBe('refused');
    expect(asked).toEqual([]);
    expect(opened).toEqual([]);
  });
});
