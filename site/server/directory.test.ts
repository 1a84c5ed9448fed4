/**
 * The public directory's pages (issue 57) as production serves them (the real Vike build: run
 * `npm run build` first), on each engine: /directory with its filters, accent-insensitive search and
 * pager; a professional's page with its canonical link and schema.org Person data, never the e-mail
 * address; the 404 of a profile not listed; the sitemap; a withdrawal taking the pages out at once;
 * and on PostgreSQL two instances on one database, where staff's deactivation through one takes the
 * cached page and API answer out of the other on the next request.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createLogger, loadConfig, startRuntime, type Runtime } from '@npo/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeEngines,
  postgresSkipReason,
  type TestDatabase,
} from '../../api/src/test-support/databases.js';
import { httpServerFor } from '../../api/src/test-support/http-server.js';
import { skipWhen } from '../../api/src/test-support/skips.js';
import { hashPassword } from '../../api/src/lib/passwords.js';
import { directorySlug } from '../../api/src/modules/directory/slug.js';
import { createSiteRenderer, loadSiteBuild } from './site-renderer.js';
import { createWebApp, SITE_BUILD_DIR } from './web-app.js';

const SUPER_ADMIN = { email: 'root@example.org', password: 'root-password-1' };
const MEMBER_PASSWORD = 'member-password-1';
const PHOTO_KEY = '0123456789abcdef0123456789abcdef';
const built = existsSync(path.join(SITE_BUILD_DIR, 'server', 'entry.mjs'));
const notBuilt = !built && 'the site is not built (npm run build)';

interface Instance {
  runtime: Runtime;
  baseUrl: string;
  close(): Promise<void>;
}

async function startInstance(database: TestDatabase): Promise<Instance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl && { DATABASE_URL: database.databaseUrl }),
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'https://site.test',
    SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
    SEED_DEMO: 'false',
  });
  const runtime = await startRuntime(config, createLogger('silent'));
  const renderSite = createSiteRenderer(runtime, { buildDir: SITE_BUILD_DIR });
  const server: Server = httpServerFor(createWebApp(runtime, { renderSite }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    runtime,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
    },
  };
}

async function page(instance: Instance, pathname: string) {
  const response = await fetch(`${instance.baseUrl}${pathname}`);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

async function api(instance: Instance, method: string, pathname: string, token?: string, body?: unknown) {
  const response = await fetch(`${instance.baseUrl}${pathname}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer body is untyped JSON, as in the API's test app
  const parsed: any = await response.json();
  return { status: response.status, headers: response.headers, body: parsed };
}

async function login(instance: Instance, email: string, password: string): Promise<string> {
  const answer = await api(instance, 'POST', '/api/auth/login', undefined, { email, password });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.token as string;
}

interface Professional {
  id: number;
  email: string;
  slug: string;
}

let passwordHash: Promise<string> | undefined;
let emails = 0;

/** A member listed and verified, written as the profile and verification routes leave the rows. */
async function listedProfessional(
  runtime: Runtime,
  name: string,
  profile: { country: string; city: string; languages: string; bio?: string },
): Promise<Professional> {
  const { db } = runtime.deps;
  const now = runtime.deps.clock.now();
  emails += 1;
  const email = `member${emails}@example.org`;
  passwordHash ??= hashPassword(MEMBER_PASSWORD);
  const [row] = await db('users')
    .insert({
      name,
      email,
      password_hash: await passwordHash,
      role: 'member',
      permissions: '{}',
      is_active: true,
      token_version: 0,
      revision: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  const id = Number((row as { id: number }).id);
  const slug = directorySlug(name, id);
  await db('member_profiles').insert({
    user_id: id,
    revision: 2,
    updated_at: now,
    title: 'Registered Dietitian',
    country: profile.country,
    city: profile.city,
    languages: profile.languages,
    bio: profile.bio ?? '',
    registration_body: 'National Register',
    listed: true,
    listing_consent_text: 'I agree.',
    listing_consented_at: now,
    verification: 'verified',
    directory_slug: slug,
  });
  // Written behind the API's back: the cached pages must be told, as the routes would tell them.
  await runtime.deps.contentChanges.bump();
  return { id, email, slug };
}

describeEngines('the directory pages on %s', notBuilt, (engine) => {
  let database: TestDatabase;
  let site: Instance;
  const people: Record<string, Professional> = {};

  beforeAll(async () => {
    await loadSiteBuild(SITE_BUILD_DIR);
    database = await createTestDatabase(engine);
    site = await startInstance(database);
    people.zoe = await listedProfessional(site.runtime, 'Zoë Müller', {
      country: 'DE',
      city: 'Köln',
      languages: ',de,en,',
      bio: 'Sports nutrition for young athletes </script><b>.',
    });
    people.joao = await listedProfessional(site.runtime, 'João Silva', {
      country: 'BR',
      city: 'São Paulo',
      languages: ',pt,',
    });
    // João has a photo (the bytes are not decoded here: the pages name its paths).
    await site.runtime.deps.db('member_photos').insert({
      user_id: people.joao.id,
      hash: PHOTO_KEY,
      image_96: Buffer.from('96'),
      image_256: Buffer.from('256'),
      image_512: Buffer.from('512'),
      created_at: site.runtime.deps.clock.now(),
    });
    for (let index = 1; index <= 21; index += 1) {
      await listedProfessional(site.runtime, `Paged Person ${String(index).padStart(2, '0')}`, {
        country: 'IN',
        city: 'Pune',
        languages: ',en,',
      });
    }
  });
  afterAll(async () => {
    await site?.close();
    await database?.drop();
  });

  it('lists the professionals, by name, with its canonical link; the next load is cached', async () => {
    const directory = await page(site, '/directory');
    expect(directory.status).toBe(200);
    expect(directory.html).toContain('<title>Find a Professional | Global Nutrition Network</title>');
    expect(directory.html).toContain('<link rel="canonical" href="https://site.test/directory"/>');
    expect(directory.html).toContain('23 professionals');
    expect(directory.html).toContain(`href="/directory/${people.joao!.slug}"`);
    // 20 a page: the last by name is on page 2.
    expect(directory.html).not.toContain(`href="/directory/${people.zoe!.slug}"`);
    expect(directory.html).toContain('href="/directory?page=2"');
    expect(directory.html).not.toContain('@example.org');
    expect((await page(site, '/directory')).headers.get('x-cache')).toBe('HIT');

    const second = await page(site, '/directory?page=2');
    expect(second.html).toContain(`href="/directory/${people.zoe!.slug}"`);
    expect(second.html).toContain('Page 2 of 2');
  });

  it('filters by country and language and searches name and city in any case and accents', async () => {
    const brazil = await page(site, '/directory?country=BR');
    expect(brazil.html).toContain('1 professional in Brazil');
    expect(brazil.html).toContain('João Silva');
    // The photo: its name as the alternative text, a fixed size, loaded when scrolled to.
    const photo = /<img [^>]*class="directory-photo"[^>]*>/.exec(brazil.html)?.[0] ?? '';
    expect(photo).toContain(`src="/api/photos/${PHOTO_KEY}/96"`);
    expect(photo).toContain(`srcSet="/api/photos/${PHOTO_KEY}/96 1x, /api/photos/${PHOTO_KEY}/256 2x"`);
    expect(photo).toContain('alt="João Silva"');
    expect(photo).toContain('width="72"');
    expect(photo).toContain('height="72"');
    expect(photo).toContain('loading="lazy"');
    // Without a photo, no image.
    expect((await page(site, '/directory?language=de')).html).not.toContain('class="directory-photo"');
    // The canonical link is the bare path, whatever the filters.
    expect(brazil.html).toContain('<link rel="canonical" href="https://site.test/directory"/>');
    const german = await page(site, '/directory?language=de');
    expect(german.html).toContain('Zoë Müller');
    expect(german.html).not.toContain('João Silva');
    expect((await page(site, '/directory?q=sao%20paulo')).html).toContain('João Silva');
    expect((await page(site, '/directory?q=MULLER')).html).toContain('Zoë Müller');
    // A value the API would refuse is dropped, as if not chosen.
    expect((await page(site, '/directory?country=XX')).html).toContain('23 professionals');
  });

  it("shows a professional's page with schema.org Person data and its canonical link, never the e-mail", async () => {
    const profile = await page(site, `/directory/${people.zoe!.slug}`);
    expect(profile.status).toBe(200);
    expect(profile.html).toContain('<title>Zoë Müller | Find a Professional</title>');
    expect(profile.html).toContain(`<link rel="canonical" href="https://site.test/directory/${people.zoe!.slug}"/>`);
    expect(profile.html).toContain('Contact this professional');
    expect(profile.html).not.toContain(people.zoe!.email);
    const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(profile.html);
    expect(script).not.toBeNull();
    // The bio's "</script>" cannot close the element: "<" is escaped inside it.
    expect(script![1]).not.toContain('<');
    expect(JSON.parse(script![1]!)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Zoë Müller',
      url: `https://site.test/directory/${people.zoe!.slug}`,
      jobTitle: 'Registered Dietitian',
      description: 'Sports nutrition for young athletes </script><b>.',
      address: { '@type': 'PostalAddress', addressLocality: 'Köln', addressCountry: 'DE' },
      knowsLanguage: ['German', 'English'],
      memberOf: { '@type': 'Organization', name: 'Global Nutrition Network', url: 'https://site.test/' },
    });
    const joao = await page(site, `/directory/${people.joao!.slug}`);
    const person = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(joao.html)![1]!);
    expect(person.image).toBe(`https://site.test/api/photos/${PHOTO_KEY}/512`);
    const large = /<img [^>]*class="directory-photo"[^>]*>/.exec(joao.html)?.[0] ?? '';
    expect(large).toContain(`src="/api/photos/${PHOTO_KEY}/256"`);
    expect(large).toContain('alt="João Silva"');
    expect(large).toContain('width="160"');
    expect(large).not.toContain('loading=');
    expect((await page(site, '/directory/nobody-999999')).status).toBe(404);
    expect((await page(site, '/directory/Not_A_Slug')).status).toBe(404);
  });

  it('names /directory and every listed professional in the sitemap', async () => {
    const sitemap = await page(site, '/sitemap.xml');
    expect(sitemap.html).toContain('<loc>https://site.test/directory</loc>');
    expect(sitemap.html).toContain(`<loc>https://site.test/directory/${people.joao!.slug}</loc>`);
    expect(sitemap.html.match(/\/directory\//g)).toHaveLength(23);
  });

  it('takes a withdrawn listing out of the pages and the sitemap at once', async () => {
    const member = await listedProfessional(site.runtime, 'Wendy Withdrawn', {
      country: 'NZ',
      city: 'Wellington',
      languages: ',en,',
    });
    const profilePath = `/directory/${member.slug}`;
    await page(site, profilePath);
    expect((await page(site, profilePath)).headers.get('x-cache')).toBe('HIT');
    await page(site, '/directory?country=NZ');
    expect((await page(site, '/directory?country=NZ')).html).toContain('Wendy Withdrawn');
    const listedSitemap = await page(site, '/sitemap.xml');
    expect(listedSitemap.html).toContain(profilePath);
    // No cache may keep the withdrawn profile's address: the sitemap is asked again on every use.
    expect(listedSitemap.headers.get('cache-control')).toBe('no-cache');

    const token = await login(site, member.email, MEMBER_PASSWORD);
    const withdrawn = await api(site, 'PUT', '/api/account/profile/listing', token, { listed: false });
    expect(withdrawn.status).toBe(200);
    expect((await page(site, profilePath)).status).toBe(404);
    expect((await page(site, '/directory?country=NZ')).html).not.toContain('Wendy Withdrawn');
    expect((await page(site, '/sitemap.xml')).html).not.toContain(profilePath);
  });
});

describe('the directory on two instances of one PostgreSQL database', skipWhen(notBuilt || postgresSkipReason), () => {
  let database: TestDatabase;
  let first: Instance;
  let second: Instance;

  beforeAll(async () => {
    await loadSiteBuild(SITE_BUILD_DIR);
    database = await createTestDatabase('postgres');
    first = await startInstance(database);
    second = await startInstance(database);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  it("staff's deactivation through one instance takes the listing out of the other's cached page and answer", async () => {
    const member = await listedProfessional(first.runtime, 'Dana Deactivated', {
      country: 'IE',
      city: 'Dublin',
      languages: ',en,ga,',
    });
    const profilePath = `/directory/${member.slug}`;
    const answerPath = `/api/directory?country=IE`;
    // The bump behind the API's back reached the second instance too before it caches anything.
    await expect.poll(async () => (await api(second, 'GET', answerPath)).body.data.professionals.length).toBe(1);
    await page(second, profilePath);
    expect((await page(second, profilePath)).headers.get('x-cache')).toBe('HIT');
    await api(second, 'GET', answerPath);
    expect((await api(second, 'GET', answerPath)).headers.get('x-cache')).toBe('HIT');

    const versionBefore = second.runtime.deps.contentChanges.version() ?? 0;
    const token = await login(first, SUPER_ADMIN.email, SUPER_ADMIN.password);
    const deactivated = await api(first, 'PATCH', `/api/admin/members/${member.id}/deactivate`, token);
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    // NOTIFY is sent before the write is answered; its delivery to the other process is asynchronous.
    await expect
      .poll(() => second.runtime.deps.contentChanges.version(), { timeout: 5_000, interval: 5 })
      .toBeGreaterThanOrEqual(versionBefore + 1);
    expect((await page(second, profilePath)).status).toBe(404);
    const answer = await api(second, 'GET', answerPath);
    expect(answer.headers.get('x-cache')).toBe('MISS');
    expect(answer.body.data.professionals).toEqual([]);
    expect((await page(second, '/sitemap.xml')).html).not.toContain(profilePath);
  });
});
