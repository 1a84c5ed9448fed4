import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, enforceCspOnDevServer } from './csp';
import { FakeSession } from './test-support/fake-electron';

const SERVER = 'https://nutrition.example.org';
const DEV = { origin: 'http://localhost:5173', nonce: 'dev-nonce-0123456789abcdef' };

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name!, sources.join(' ')];
    }),
  );
}

describe('buildContentSecurityPolicy', () => {
  it('is the exact production policy, with connect-src the server and nothing else', () => {
    expect(buildContentSecurityPolicy({ serverOrigin: SERVER })).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; " +
        "connect-src https://nutrition.example.org; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; " +
        "object-src 'none'",
    );
  });

  it("connects nowhere ('none') before a server is set", () => {
    expect(directives(buildContentSecurityPolicy({ serverOrigin: null })).get('connect-src')).toBe("'none'");
  });

  it('keeps a loopback http server as given (port included)', () => {
    const policy = buildContentSecurityPolicy({ serverOrigin: 'http://127.0.0.1:3000' });
    expect(directives(policy).get('connect-src')).toBe('http://127.0.0.1:3000');
  });

  it('ignores a server value that is not a clean origin rather than widening the policy', () => {
    for (const bad of [
      "https://a.example; script-src 'unsafe-inline'",
      'https://a.example/path',
      'http://remote.example',
      '*',
      'https://user:pw@a.example',
    ]) {
      const policy = buildContentSecurityPolicy({ serverOrigin: bad });
      expect(directives(policy).get('connect-src')).toBe("'none'");
      expect(policy).not.toContain('unsafe');
    }
  });

  it('adds the dev server, its WebSocket and the dev nonce only in development', () => {
    const dev = directives(buildContentSecurityPolicy({ serverOrigin: SERVER, devServer: DEV }));
    expect(dev.get('connect-src')).toBe(`${SERVER} http://localhost:5173 ws://localhost:5173`);
    expect(dev.get('script-src')).toBe(`'self' http://localhost:5173 'nonce-${DEV.nonce}'`);
    expect(dev.get('style-src')).toBe(`'self' http://localhost:5173 'nonce-${DEV.nonce}'`);
    expect(dev.get('default-src')).toBe("'none'");

    const production = buildContentSecurityPolicy({ serverOrigin: SERVER, devServer: null });
    expect(production).not.toContain('localhost');
    expect(production).not.toContain('ws:');
    expect(production).not.toContain('nonce');
  });

  it('never allows inline code or eval', () => {
    for (const devServer of [null, DEV]) {
      const policy = buildContentSecurityPolicy({ serverOrigin: SERVER, devServer });
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    }
  });
});

describe('enforceCspOnDevServer', () => {
  it("adds the policy to the dev server's answers only", () => {
    const session = new FakeSession();
    enforceCspOnDevServer(session, DEV.origin, () => 'the-policy');
    expect(session.headersFilter).toEqual({ urls: ['http://localhost:5173/*'] });
    let answered: { responseHeaders?: Record<string, string | string[]> } = {};
    session.headersListener!(
      { url: 'http://localhost:5173/', responseHeaders: { 'Content-Type': ['text/html'] } },
      (response) => (answered = response),
    );
    expect(answered.responseHeaders).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': ['the-policy'],
    });
  });
});
