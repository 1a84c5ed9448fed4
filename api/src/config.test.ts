import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const SECRET = 'a-production-secret-of-at-least-32-chars';

/** The ConfigError loadConfig throws for env; fails the test when it does not throw one. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  const tempDirs: string[] = [];
  function tempDir(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'npo-config-'));
    tempDirs.push(dir);
    return dir;
  }
  afterEach(() => {
    for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('has the defaults of DESIGN.md', () => {
    const config = loadConfig({ JWT_SECRET: SECRET });
    expect(config).toEqual({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      jwtSecret: SECRET,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Global Nutrition Network <no-reply@localhost>',
      mailClaimTimeoutMs: 300_000,
      mailRatePerMinute: undefined,
      superAdmin: { email: undefined, password: undefined, name: 'Super Admin' },
      seedDemo: true,
      corsOrigins: [],
      trustProxy: false,
      logLevel: 'info',
      metricsToken: undefined,
      rateLimitFactor: 1,
      auditRetentionDays: 365,
      contactRetentionDays: undefined,
      organisationTimeZone: 'Asia/Kolkata',
      renewalReminderDays: [30, 7],
      backupSchedule: true,
      backupRetain: 14,
      testClockFile: undefined,
      versionScheduleLookMs: 30_000,
      waitlistOfferHours: 48,
      activityReminderHours: 24,
    });
  });

  it('takes the organisation time zone as an IANA name, India by default (issue 55 item 2)', () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).organisationTimeZone).toBe('Asia/Kolkata');
    expect(loadConfig({ JWT_SECRET: SECRET, ORGANISATION_TIME_ZONE: 'Europe/Lisbon' }).organisationTimeZone).toBe(
      'Europe/Lisbon',
    );
    expect(configError({ JWT_SECRET: SECRET, ORGANISATION_TIME_ZONE: 'Mars/Olympus' }).message).toContain(
      'ORGANISATION_TIME_ZONE must be an IANA time zone name such as Asia/Kolkata',
    );
  });

  it('refuses a test clock in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), TEST_CLOCK_FILE: '/tmp/clock' }),
    ).toThrow('TEST_CLOCK_FILE is for tests and is refused in production');
  });

  it('reads every variable', () => {
    const dataDir = tempDir();
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://app:pw@db:5432/npo',
      JWT_SECRET: SECRET,
      PUBLIC_URL: 'https://nutrition.example.org',
      SMTP_URL: 'smtps://user:pw@mail.example.org:465',
      MAIL_FROM: 'Network <hello@example.org>',
      MAIL_CLAIM_TIMEOUT_SECONDS: '60',
      MAIL_RATE_PER_MINUTE: '600',
      SUPER_ADMIN_EMAIL: 'root@example.org',
      SUPER_ADMIN_PASSWORD: 'a-long-password',
      SUPER_ADMIN_NAME: 'Root Person',
      SEED_DEMO: 'false',
      CORS_ORIGINS: ' app://console , http://localhost:5173,,',
      TRUST_PROXY: 'yes',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: 'metrics-token-that-is-long-enough-0123',
      RATE_LIMIT_FACTOR: '20',
      AUDIT_RETENTION_DAYS: '90',
      CONTACT_RETENTION_DAYS: '180',
      BACKUP_SCHEDULE: 'true',
      BACKUP_RETAIN: '30',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: 'postgres://app:pw@db:5432/npo',
      publicUrl: 'https://nutrition.example.org',
      smtpUrl: 'smtps://user:pw@mail.example.org:465',
      mailFrom: 'Network <hello@example.org>',
      mailClaimTimeoutMs: 60_000,
      mailRatePerMinute: 600,
      superAdmin: { email: 'root@example.org', password: 'a-long-password', name: 'Root Person' },
      seedDemo: false,
      corsOrigins: ['app://console', 'http://localhost:5173'],
      trustProxy: true,
      logLevel: 'warn',
      metricsToken: 'metrics-token-that-is-long-enough-0123',
      rateLimitFactor: 20,
      auditRetentionDays: 90,
      contactRetentionDays: 180,
      // PostgreSQL is backed up with its own tools: the SQLite schedule stays off.
      backupSchedule: false,
      backupRetain: 30,
    });
  });

  it.each(['0', '2.5', 'soon'])('refuses MAIL_CLAIM_TIMEOUT_SECONDS=%s, naming it', (value) => {
    expect(() => loadConfig({ JWT_SECRET: SECRET, MAIL_CLAIM_TIMEOUT_SECONDS: value })).toThrow(
      'MAIL_CLAIM_TIMEOUT_SECONDS must be a whole number of seconds, at least 1',
    );
  });

  it.each(['0', '2.5', 'all'])('refuses BACKUP_RETAIN=%s, naming it', (value) => {
    expect(() => loadConfig({ JWT_SECRET: SECRET, BACKUP_RETAIN: value })).toThrow(
      'BACKUP_RETAIN must be a whole number of copies, at least 1',
    );
  });

  it.each(['0', '1.5', '-3', 'forever'])('refuses AUDIT_RETENTION_DAYS=%s, naming it', (value) => {
    expect(() => loadConfig({ JWT_SECRET: SECRET, AUDIT_RETENTION_DAYS: value })).toThrow(
      'AUDIT_RETENTION_DAYS must be a whole number of days, at least 1',
    );
  });

  it.each(['0', '1.5', 'never'])('refuses CONTACT_RETENTION_DAYS=%s, naming it', (value) => {
    expect(() => loadConfig({ JWT_SECRET: SECRET, CONTACT_RETENTION_DAYS: value })).toThrow(
      'CONTACT_RETENTION_DAYS must be a whole number of days, at least 1',
    );
  });

  it('reads RENEWAL_REMINDER_DAYS as distinct offsets, largest first (issue 57)', () => {
    expect(loadConfig({ JWT_SECRET: SECRET, RENEWAL_REMINDER_DAYS: ' 7, 60 ,0,7' }).renewalReminderDays).toEqual([
      60, 7, 0,
    ]);
  });

  it.each(['7,,30', '-1', '366', '1.5', 'monthly'])('refuses RENEWAL_REMINDER_DAYS=%s, naming it', (value) => {
    expect(() => loadConfig({ JWT_SECRET: SECRET, RENEWAL_REMINDER_DAYS: value })).toThrow(
      'RENEWAL_REMINDER_DAYS must be whole numbers of days from 0 to 365, separated by commas (such as 30,7)',
    );
  });

  it.each(['0', '0.5', '1001', 'lots'])('refuses RATE_LIMIT_FACTOR=%s, naming it', (value) => {
    expect(() => loadConfig({ JWT_SECRET: SECRET, RATE_LIMIT_FACTOR: value })).toThrow(
      'RATE_LIMIT_FACTOR must be a number from 1 to 1000',
    );
  });

  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ])('reads SEED_DEMO=%s as %s', (value, expected) => {
    expect(loadConfig({ JWT_SECRET: SECRET, SEED_DEMO: value }).seedDemo).toBe(expected);
  });

  it.each([
    ['app://console', ['app://console']],
    ['app://console,https://admin.example.org', ['app://console', 'https://admin.example.org']],
  ])('reads CORS_ORIGINS=%j, custom schemes included, as %j', (value, expected) => {
    expect(loadConfig({ JWT_SECRET: SECRET, CORS_ORIGINS: value }).corsOrigins).toEqual(expected);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ JWT_SECRET: SECRET, PORT: '', DATABASE_URL: '', SMTP_URL: '', SEED_DEMO: '' });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, smtpUrl: undefined, seedDemo: true });
  });

  it('refuses production without JWT_SECRET, naming it', () => {
    const error = configError({ NODE_ENV: 'production', DATA_DIR: tempDir() });
    expect(error.message).toMatch(/JWT_SECRET/);
  });

  it.each(['production', 'development'])('refuses a short JWT_SECRET in %s, naming it but not echoing it', (env) => {
    const error = configError({ NODE_ENV: env, JWT_SECRET: 'short-secret-123' });
    expect(error.message).toMatch(/JWT_SECRET/);
    expect(error.message).not.toContain('short-secret-123');
  });

  it('refuses a short METRICS_TOKEN, naming it but not echoing it', () => {
    const error = configError({ JWT_SECRET: SECRET, METRICS_TOKEN: 'short-metrics-token' });
    expect(error.message).toMatch(/METRICS_TOKEN must be at least 32 characters/);
    expect(error.message).not.toContain('short-metrics-token');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://localhost/npo'],
    ['DATABASE_URL', '/var/lib/app.db'],
    ['SEED_DEMO', 'maybe'],
    ['SEED_DEMO', 'TRUE!'],
    ['TRUST_PROXY', 'sometimes'],
    ['NODE_ENV', 'staging'],
    ['PUBLIC_URL', 'example.org'],
    ['SMTP_URL', 'http://mail.example.org'],
    ['SUPER_ADMIN_EMAIL', 'not-an-email'],
    ['SUPER_ADMIN_PASSWORD', 'short'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses %s=%j, naming the variable', (name, value) => {
    const error = configError({ JWT_SECRET: SECRET, [name]: value });
    expect(error.message).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('names every bad variable at once', () => {
    const error = configError({ JWT_SECRET: SECRET, PORT: 'abc', SEED_DEMO: 'maybe' });
    expect(error.message).toMatch(/PORT/);
    expect(error.message).toMatch(/SEED_DEMO/);
  });

  it('outside production generates a JWT secret once into DATA_DIR/jwt-secret and reuses it', () => {
    const dataDir = path.join(tempDir(), 'not-yet-there');
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8')).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);

    const elsewhere = loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir() });
    expect(elsewhere.jwtSecret).not.toBe(first.jwtSecret);
  });

  it('does not write a secret file when JWT_SECRET is given', () => {
    const dataDir = tempDir();
    loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });
    expect(() => statSync(path.join(dataDir, 'jwt-secret'))).toThrow();
  });

  it.each([
    ['https://nutrition.example.org/', 'https://nutrition.example.org'],
    ['https://nutrition.example.org//', 'https://nutrition.example.org'],
    ['https://example.org/network/', 'https://example.org/network'],
    ['http://localhost:8080', 'http://localhost:8080'],
  ])('trims the trailing slash of PUBLIC_URL %s', (value, expected) => {
    expect(loadConfig({ JWT_SECRET: SECRET, PUBLIC_URL: value }).publicUrl).toBe(expected);
  });

  it('bases the default PUBLIC_URL on PORT', () => {
    expect(loadConfig({ JWT_SECRET: SECRET, PORT: '4321' }).publicUrl).toBe('http://localhost:4321');
  });
});
