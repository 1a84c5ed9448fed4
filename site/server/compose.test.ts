/**
 * docker-compose.yml as the operator runs it (issue 25; Docker itself is not on the test machines):
 * every app service waits for its database and reports readiness from /api/health/ready, SIGTERM gets
 * more time than the server's 10 s drain, and the "scale" profile runs two replicas on the same
 * PostgreSQL, reachable only through Caddy, which checks both and is the only one trusted as a proxy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPOSITORY_ROOT } from '../../api/src/test-support/built-server.js';
import { KEEP_ALIVE_TIMEOUT_MS } from './graceful-shutdown.js';

interface Service {
  image?: string;
  build?: string;
  profiles?: string[];
  ports?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  volumes?: string[];
}

const compose = parse(readFileSync(path.join(REPOSITORY_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const caddyfile = readFileSync(path.join(REPOSITORY_ROOT, 'deploy/Caddyfile'), 'utf8');
const apps = Object.entries(compose.services).filter(([, service]) => service.build === '.');
const inProfile = (profile: string) => apps.filter(([, service]) => service.profiles?.includes(profile));

describe('docker-compose.yml', () => {
  it('checks every app instance for readiness and gives it longer than its drain to stop', () => {
    expect(apps.map(([name]) => name).sort()).toEqual(['app', 'app-1', 'app-2']);
    for (const [, service] of apps) {
      expect(service.healthcheck?.test.join(' ')).toContain('http://127.0.0.1:3000/api/health/ready');
      expect(service.depends_on?.db?.condition).toBe('service_healthy');
      expect(Number.parseInt(service.stop_grace_period ?? '10s', 10)).toBeGreaterThan(10);
      expect(service.environment?.DATABASE_URL).toBe('postgres://npo:npo@db:5432/npo');
    }
  });

  it('runs one published instance in the "single" profile, without trusting proxy headers', () => {
    const [[, single] = ['', {}]] = inProfile('single');
    expect(inProfile('single')).toHaveLength(1);
    expect(single.ports).toEqual(['3000:3000']);
    expect(single.environment?.TRUST_PROXY).toBeUndefined();
  });

  it('runs two replicas behind Caddy in the "scale" profile: only the proxy is reachable and trusted', () => {
    const replicas = inProfile('scale');
    expect(replicas.map(([name]) => name).sort()).toEqual(['app-1', 'app-2']);
    for (const [name, replica] of replicas) {
      expect(replica.ports, name).toBeUndefined();
      expect(replica.environment?.TRUST_PROXY, name).toBe('true');
      expect(caddyfile).toContain(`${name}:3000`);
    }
    const proxy = compose.services.proxy!;
    expect(proxy.profiles).toEqual(['scale']);
    expect(proxy.image).toMatch(/^caddy:/);
    expect(Object.keys(proxy.depends_on ?? {}).sort()).toEqual(['app-1', 'app-2']);
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddyfile).toMatch(/health_uri \/api\/health\/ready/);
  });

  it('has Caddy close its idle connections to the replicas before they close them', () => {
    // Caddy's own default (2 min) outlasts the apps: a request sent down a connection closed under it is a 502.
    const keepalive = /^\s*transport http \{[^}]*^\s*keepalive (\d+)s$/m.exec(caddyfile);
    expect(keepalive, 'deploy/Caddyfile sets transport http { keepalive Ns }').not.toBeNull();
    expect(Number(keepalive![1]) * 1000).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
  });
});
