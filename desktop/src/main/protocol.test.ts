import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_SCHEME_PRIVILEGES,
  createAppRequestHandler,
  mimeTypeFor,
  registerAppScheme,
  resolveRendererPath,
  serveRenderer,
} from './protocol';
import { recordingLogger } from './test-support/fake-electron';

const CSP = "default-src 'none'; connect-src https://nutrition.example.org";
const INDEX = '<!doctype html><title>console</title>';
const SECRET = 'the secret outside the renderer';

let root: string;
let rendererDir: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'npo-protocol-'));
  rendererDir = path.join(root, 'renderer');
  mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(path.join(rendererDir, 'index.html'), INDEX);
  writeFileSync(path.join(rendererDir, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(path.join(rendererDir, 'assets', 'index-abc.css'), 'body{}');
  writeFileSync(path.join(rendererDir, 'assets', 'font.woff2'), Buffer.from([1, 2, 3]));
  writeFileSync(path.join(rendererDir, 'assets', 'logo.svg'), '<svg/>');
  writeFileSync(path.join(root, 'secret.txt'), SECRET);
  writeFileSync(path.join(root, 'renderer-evil.txt'), SECRET);
  symlinkSync(path.join(root, 'secret.txt'), path.join(rendererDir, 'assets', 'link.txt'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function handler() {
  const log = recordingLogger();
  return { log, handle: createAppRequestHandler({ rendererDir, contentSecurityPolicy: () => CSP, log }) };
}

async function get(url: string, method = 'GET') {
  const response = await handler().handle(new Request(url, { method }));
  return { response, body: method === 'HEAD' ? '' : await response.text() };
}

describe('the app:// scheme', () => {
  it('is registered as standard, secure and fetch-capable before ready', () => {
    const calls: unknown[] = [];
    registerAppScheme({ registerSchemesAsPrivileged: (schemes) => void calls.push(schemes) });
    expect(calls).toEqual([[{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]]);
    expect(APP_SCHEME_PRIVILEGES).toEqual({ standard: true, secure: true, supportFetchAPI: true });
  });

  it('is served by protocol.handle', () => {
    const handled: string[] = [];
    serveRenderer(
      { handle: (scheme) => void handled.push(scheme) },
      { rendererDir, contentSecurityPolicy: () => CSP, log: recordingLogger() },
    );
    expect(handled).toEqual(['app']);
  });
});

describe('the renderer request handler', () => {
  it('serves files with their MIME type and the CSP', async () => {
    const cases: [string, string, string][] = [
      ['app://console/', 'text/html; charset=utf-8', INDEX],
      ['app://console/index.html', 'text/html; charset=utf-8', INDEX],
      ['app://console/assets/index-abc.js', 'text/javascript; charset=utf-8', 'console.log(1)'],
      ['app://console/assets/index-abc.css', 'text/css; charset=utf-8', 'body{}'],
      ['app://console/assets/logo.svg', 'image/svg+xml', '<svg/>'],
    ];
    for (const [url, type, body] of cases) {
      const answer = await get(url);
      expect(answer.response.status, url).toBe(200);
      expect(answer.response.headers.get('content-type'), url).toBe(type);
      expect(answer.response.headers.get('content-security-policy'), url).toBe(CSP);
      expect(answer.response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(answer.body, url).toBe(body);
    }
    expect((await get('app://console/assets/font.woff2')).response.headers.get('content-type')).toBe('font/woff2');
  });

  it('answers unknown paths with index.html (the console routes by hash)', async () => {
    for (const url of ['app://console/faqs', 'app://console/no/such/file.js', 'app://console/assets/']) {
      const answer = await get(url);
      expect(answer.response.status, url).toBe(200);
      expect(answer.body, url).toBe(INDEX);
      expect(answer.response.headers.get('content-security-policy'), url).toBe(CSP);
    }
  });

  it('never serves anything outside the renderer folder', async () => {
    for (const url of [
      'app://console/..%2fsecret.txt',
      'app://console/..%2F..%2Fsecret.txt',
      'app://console/assets/..%2f..%2fsecret.txt',
      'app://console/%2e%2e%2fsecret.txt',
      'app://console/..%5csecret.txt',
      'app://console/..%2frenderer-evil.txt',
      'app://console/assets/link.txt',
      'app://console/%00index.html',
      'app://console/%E0%A4%A',
    ]) {
      const answer = await get(url);
      expect(answer.body, url).not.toContain(SECRET);
      expect(answer.response.headers.get('content-security-policy'), url).toBe(CSP);
    }
    // Dot segments are removed by URL parsing itself; what survives decoding is refused outright.
    expect((await get('app://console/../../secret.txt')).body).toBe(INDEX);
    expect((await get('app://console/..%2fsecret.txt')).response.status).toBe(403);
    expect((await get('app://console/assets/link.txt')).response.status).toBe(403);
  });

  it('serves only the console host and only reads', async () => {
    expect((await get('app://evil/index.html')).response.status).toBe(404);
    expect((await get('app://console/index.html', 'POST')).response.status).toBe(405);
    const head = await get('app://console/index.html', 'HEAD');
    expect(head.response.status).toBe(200);
    expect(head.response.headers.get('content-security-policy')).toBe(CSP);
  });

  it('answers 500 with the CSP when the build is missing', async () => {
    const handle = createAppRequestHandler({
      rendererDir: path.join(root, 'missing'),
      contentSecurityPolicy: () => CSP,
      log: recordingLogger(),
    });
    const response = await handle(new Request('app://console/'));
    expect(response.status).toBe(500);
    expect(response.headers.get('content-security-policy')).toBe(CSP);
  });

  it('asks for the current policy on every request (it follows the server setting)', async () => {
    let policy = "connect-src 'none'";
    const handle = createAppRequestHandler({
      rendererDir,
      contentSecurityPolicy: () => policy,
      log: recordingLogger(),
    });
    expect((await handle(new Request('app://console/'))).headers.get('content-security-policy')).toBe(policy);
    policy = 'connect-src https://b.example';
    expect((await handle(new Request('app://console/'))).headers.get('content-security-policy')).toBe(policy);
  });
});

describe('resolveRendererPath', () => {
  it('refuses a path that resolves outside, even through a symbolic link', async () => {
    expect(await resolveRendererPath(rendererDir, '/..%2fsecret.txt')).toEqual({ kind: 'refused' });
    expect(await resolveRendererPath(rendererDir, '/assets/link.txt')).toEqual({ kind: 'refused' });
    expect(await resolveRendererPath(rendererDir, '/assets/index-abc.js')).toMatchObject({ kind: 'file' });
    expect(await resolveRendererPath(rendererDir, '/nothing-here')).toEqual({ kind: 'index' });
  });
});

describe('mimeTypeFor', () => {
  it('knows the renderer’s file types and falls back to octet-stream', () => {
    expect(mimeTypeFor('a/b.JS')).toBe('text/javascript; charset=utf-8');
    expect(mimeTypeFor('x.png')).toBe('image/png');
    expect(mimeTypeFor('x.unknown')).toBe('application/octet-stream');
  });
});
