/**
 * OpenAPI-driven fuzzing (issue 12): every operation of the served document, called by an anonymous
 * visitor, a member, an admin with some permissions and a super admin, with valid inputs generated
 * from its schemas and broken ones (wrong types, missing fields, huge and hostile strings, odd ids,
 * odd query strings, odd If-Match, odd and repeated Idempotency-Key, unreadable bodies). No answer may be a 5xx, every status must be
 * one the document lists for the operation, and every documented answer must have the documented
 * shape. Seeded, so a failure reproduces: FUZZ_SEED picks another sequence when exploring.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from './test-support/databases.js';
import {
  BREAKAGES,
  IF_MATCH_VALUES,
  ODD_IDEMPOTENCY_KEYS,
  ODD_IDS,
  ODD_QUERIES,
  ODD_TOKENS,
  RAW_BODIES,
  seededRandom,
  validValue,
  type Random,
} from './test-support/fuzz-inputs.js';
import { answerProblems } from './test-support/answer-check.js';
import { sampleBodies } from './test-support/samples.js';
import { allowedStatuses, undocumentedAnswers, type OpenApiDocument } from './test-support/status-recorder.js';
import { startTestApp, type ApiResponse, type RequestOptions, type TestApp } from './test-support/test-app.js';
import { insertFailedMail } from './test-support/failed-mail.js';

/** Operations no generated input can complete: a login needs an account's password, a reset a mailed token. */
const NEVER_SUCCEEDS = new Set([
  'post /api/auth/login',
  'post /api/auth/reset-password/{token}',
  // Two-factor: a valid call needs a code from the account's authenticator app, which no schema gives.
  'post /api/auth/login/two-factor',
  'post /api/account/two-factor/confirm',
  'post /api/account/two-factor/disable',
  'post /api/account/two-factor/recovery-codes',
  // No account the fuzzing can name has two-factor on, so a reset of it always answers 409.
  'post /api/admin/users/{id}/two-factor/reset',
  // A password change needs the account's current password.
  'post /api/account/password',
  // Closing an account needs its password too.
  'post /api/account/close',
  // One-click unsubscribe needs a token signed with the server's secret.
  'post /api/unsubscribe',
  // A waitlist offer's token is mailed, and only its hash is kept: no schema gives one.
  'post /api/activities/waitlist/accept',
  // No announcement mail the fuzzing can name has failed (the worker delivers them to the capture).
  'post /api/admin/announcements/{id}/recipients/{mailId}/retry',
  // A photo upload needs the bytes of a real JPEG, PNG or WebP image (base64 text that a schema gives
  // is refused by its content), and a photo's path the hash of an uploaded one (photos.test.ts has both).
  'put /api/account/profile/photo',
  'put /api/admin/members/{id}/profile/photo',
  'get /api/photos/{key}/{size}',
]);

/**
 * Calls that end the calling session (signing out, ending a session by id): each is made with a
 * further session of the caller's account, so the fuzzing's own sessions live on.
 */
const ENDS_A_SESSION = new Set(['post /api/auth/logout', 'delete /api/account/sessions/{id}']);

/** Valid calls of these hash a password (bcrypt, cost 12): the fuzzing makes few of them. */
const PASSWORD_WORK = new Set(['post /api/auth/login', 'post /api/auth/register']);

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Keeps a run near half a minute per engine on a small machine. */
const MAX_CASES_PER_OPERATION = 30;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON Schema document is walked as untyped JSON
type Schema = Record<string, any>;

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface Operation {
  method: string;
  path: string;
  schema: Schema;
}

/** What the fuzzing reads of a listed item. */
interface Item {
  id: number;
  /** A directory entry's address (GET /api/directory/{slug}), its only key. */
  slug?: string;
  isActive?: boolean;
  version?: number;
  role?: string;
  /** Sessions: the one the listing caller signed in with, never ended by the fuzzing. */
  current?: boolean;
  /** Announcements: only a scheduled one can be unscheduled. */
  state?: string;
  /** Staff: only a pending invitation can be sent again. */
  invitationPending?: boolean;
}

interface Caller {
  name: string;
  token: string | undefined;
  userId?: number;
}

interface Case {
  caller: Caller;
  url: string;
  options: RequestOptions;
  label: string;
}

function operationsOf(document: Schema): Operation[] {
  return Object.entries(document.paths as Record<string, Record<string, Schema>>).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, schema]) => ({ method, path, schema })),
  );
}

const bodySchemaOf = (operation: Operation): Schema | undefined =>
  operation.schema.requestBody?.content['application/json'].schema;

const queryParametersOf = (operation: Operation): Schema[] =>
  operation.schema.parameters.filter((parameter: Schema) => parameter.in === 'query');

const isConditional = (operation: Operation) =>
  operation.schema.parameters.some((parameter: Schema) => parameter.name === 'If-Match');

const takesIdempotencyKey = (operation: Operation) =>
  operation.schema.parameters.some((parameter: Schema) => parameter.name === 'Idempotency-Key');

/** Each reorder route and an item path whose collection lists the ids it must name, all of them. */
const REORDERS: Record<string, string> = {
  '/api/admin/faqs/reorder': '/api/admin/faqs/{id}',
  '/api/admin/membership-cards/reorder': '/api/admin/membership-cards/{id}',
};

/** /api/admin/faqs/{id}/x and /api/activities/{id} list their items at /api/admin/faqs and /api/admin/activities. */
function collectionPathOf(path: string): string | undefined {
  // The directory's professionals are public items keyed by slug, listed by the public list itself.
  if (path.startsWith('/api/directory/{slug}')) return '/api/directory';
  const base = /^(.*?)\/\{id\}/.exec(path)?.[1];
  if (!base) return undefined;
  // Public items are listed by their admin collection; the account's own (sessions) by theirs.
  if (base.startsWith('/api/admin/') || base.startsWith('/api/account/')) return base;
  return base.replace(/^\/api\//, '/api/admin/');
}

/** `count` of the items, in an order the generator picks. */
function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  return Array.from({ length: Math.min(count, pool.length) }, () => pool.splice(random.int(pool.length), 1)[0]!);
}

describeEngines('OpenAPI fuzzing on %s', (engine) => {
  let app: TestApp;
  let document: Schema;
  let callers: Caller[];
  let superAdmin: Caller;
  let member: Caller & { id: number };
  const protectedUserIds: number[] = [];
  const failures: string[] = [];

  beforeAll(async () => {
    app = await startTestApp(engine);
    document = (await app.request('GET', '/api/openapi.json')).body;
    const account = await app.createUser({});
    member = { name: 'member', token: account.token, id: account.user.id, userId: account.user.id };
    const admin = await app.createUser({
      role: 'admin',
      permissions: {
        faqs: { view: true, edit: true, delete: true },
        activities: { view: true, edit: true, delete: false },
        membership: { view: true, edit: false, delete: false },
      },
    });
    const root = await app.createUser({ role: 'super_admin' });
    // The fuzzing must not lock its own callers out: their accounts are never an {id} it sends.
    protectedUserIds.push(member.id, admin.user.id, root.user.id);
    superAdmin = { name: 'super admin', token: root.token, userId: root.user.id };
    const staff = { name: 'admin', token: admin.token, userId: admin.user.id };
    callers = [{ name: 'anonymous', token: undefined }, member, staff, superAdmin];
    await seedContent();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Items of each kind, so that the {id} routes also meet ids that exist. */
  async function seedContent(): Promise<void> {
    const seeds: [string, unknown][] = [
      ['/api/admin/membership-cards', sampleBodies.card],
      ['/api/admin/membership-cards', { ...sampleBodies.card, title: 'Second card' }],
      ['/api/admin/about-us', sampleBodies.about],
      ['/api/admin/contact-info', sampleBodies.contact],
      ['/api/admin/privacy-policy', sampleBodies.policy],
      ['/api/admin/terms-of-service', sampleBodies.policy],
      ['/api/admin/activities', sampleBodies.activity],
      ['/api/admin/testimonials', sampleBodies.testimonial],
      ['/api/admin/faqs', sampleBodies.faq],
      ['/api/admin/announcements', sampleBodies.announcement],
      ['/api/admin/announcements', { ...sampleBodies.announcement, subject: 'Second announcement' }],
      ['/api/admin/faqs', { ...sampleBodies.faq, question: 'Is there a student membership?' }],
      [
        '/api/contact-messages',
        { name: 'Visitor', email: 'v@example.org', phone: '+911234567890', message: 'Hello there!' },
      ],
    ];
    for (const [path, body] of seeds) {
      const response = await app.request('POST', path, { token: superAdmin.token, body });
      expect(response.status, `seeding ${path}`).toBe(201);
    }
    // Staff accounts the user routes may change and delete (the fuzzing's own callers are left alone).
    for (const name of ['Staff One', 'Staff Two', 'Staff Three']) await app.createUser({ role: 'admin', name });
    // Members the erasure may take.
    for (const name of ['Member One', 'Member Two', 'Member Three']) await app.createUser({ role: 'member', name });
    await listedProfessional();
  }

  /**
   * A professional of the directory, so its {slug} routes meet one that is listed: listed and verified
   * in the database, and never an {id} the fuzzing sends (no deactivation or erasure takes it away).
   */
  async function listedProfessional(): Promise<void> {
    const { user } = await app.createUser({ role: 'member', name: 'Listed Professional' });
    protectedUserIds.push(user.id);
    await app.runtime.deps.db('member_profiles').insert({
      user_id: user.id,
      revision: 2,
      updated_at: app.clock.now(),
      listed: true,
      verification: 'verified',
      directory_slug: `listed-professional-${user.id}`,
    });
  }

  /** A staff member invited now, their invitation pending. */
  async function pendingInvitation(): Promise<void> {
    const response = await app.request('POST', '/api/admin/users', {
      token: superAdmin.token,
      body: { name: 'Invited Staff', email: `invited-${Date.now()}@example.org`, role: 'admin' },
    });
    if (response.status !== 201) throw new Error(`fixture invitation: ${response.status}`);
  }

  /** A new draft announcement, made with the sample body; answers its id. */
  async function draftAnnouncement(subject = 'Draft'): Promise<number> {
    const response = await app.request('POST', '/api/admin/announcements', {
      token: superAdmin.token,
      body: { ...sampleBodies.announcement, subject },
    });
    return Number(response.body.data.id);
  }

  async function scheduledAnnouncement(): Promise<void> {
    const id = await draftAnnouncement('Scheduled');
    const tomorrow = new Date(app.clock.now().getTime() + 24 * 60 * 60 * 1000);
    await app.runtime.deps.db('announcements').where({ id }).update({ state: 'scheduled', scheduled_at: tomorrow });
  }

  /**
   * A new activity with CPD hours that the member caller registered for (and attended, when asked):
   * made as its operation comes, since the activities' own routes before it may remove or delete.
   */
  async function memberActivity(attended: boolean): Promise<number> {
    const made = await app.request('POST', '/api/admin/activities', {
      token: superAdmin.token,
      body: { ...sampleBodies.activity, cpdHours: 2 },
    });
    const id = made.body.data.id as number;
    await app.request('POST', `/api/activities/${id}/register`, { token: member.token });
    if (attended) {
      await app.request('POST', `/api/admin/activities/${id}/attendance`, {
        token: superAdmin.token,
        body: { userIds: [member.id], attended: true },
      });
    }
    return id;
  }

  /**
   * Fixtures no schema can say: attendance names registrants and codes, certificates need one issued,
   * and a resent invitation needs a staff account still without a password (made now, so that the
   * draws before it, which change as routes are added, cannot leave none).
   */
  async function attendanceIds(path: string): Promise<string[] | undefined> {
    if (path === '/api/admin/users/{id}/resend-invitation') {
      const invited = await app.request('POST', '/api/admin/users', {
        token: superAdmin.token,
        body: { name: 'Invited Staff', email: `invited-${Date.now()}@example.org`, role: 'admin', permissions: {} },
      });
      return [String(invited.body.data.id)];
    }
    if (path.endsWith('/attendance') || path.endsWith('/check-in')) return [String(await memberActivity(false))];
    if (path === '/api/account/activities/{id}/certificate.pdf') return [String(await memberActivity(true))];
    if (path !== '/api/certificates/{code}') return undefined;
    const id = await memberActivity(true);
    await fetch(`${app.baseUrl}/api/account/activities/${id}/certificate.pdf`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    const rows: { code: string }[] = await app.runtime.deps.db('activity_certificates').select('code');
    return rows.map((row) => row.code);
  }

  /**
   * Ids that exist now for this path's items: never the callers' own accounts, and for a DELETE the
   * items the rules let go first (not the active version of a document, not a super admin).
   */
  async function knownIds(operation: Pick<Operation, 'method' | 'path'>): Promise<string[]> {
    const fixtures = await attendanceIds(operation.path);
    if (fixtures) return fixtures;
    const collection = collectionPathOf(operation.path);
    if (!collection) return [];
    // A session of the super admin's that the fuzzing may end (never the one it calls with).
    if (collection === '/api/account/sessions') await app.newSession(superAdmin.userId!);
    // Failed mails are the only ones the mail screen's retry and discard act on (each call may use one up).
    if (collection === '/api/admin/mail') await insertFailedMail(app.runtime.deps.db, app.clock.now());
    const filter = collection === '/api/admin/mail' ? '&state=failed' : '';
    const unscheduling = collection === '/api/admin/announcements' && operation.path.endsWith('/unschedule');
    // A scheduled announcement is the only one unschedule acts on (each call may use one up).
    if (unscheduling) await scheduledAnnouncement();
    // A draft is what a test send, an audience and a send act on, and a send uses one up: one made now,
    // whatever the random calls before did to the others (sent, scheduled, deleted).
    else if (collection === '/api/admin/announcements') await draftAnnouncement();
    // An invitation still pending is the only one a resend acts on: one made now, whatever the
    // random calls before did to the others (deactivated, deleted, accepted).
    const resending = operation.path.endsWith('/resend-invitation');
    if (resending) await pendingInvitation();
    const list = await app.request('GET', `${collection}?limit=100${filter}`, { token: superAdmin.token });
    const data = list.body?.data;
    const all = (Array.isArray(data) ? data : (Object.values(data ?? {}).find(Array.isArray) ?? [])) as Item[];
    const items = all.filter(
      // The members list holds the fuzzing's member caller, whom an erasure must not sign out.
      (item) => !(/\/(users|members)$/.test(collection) && protectedUserIds.includes(item.id)) && !item.current,
    );
    const deletable = items.filter((item) => item.role !== 'super_admin' && !(item.version && item.isActive));
    if (unscheduling) return items.filter((item) => item.state === 'scheduled').map((item) => String(item.id));
    if (resending) return items.filter((item) => item.invitationPending).map((item) => String(item.id));
    const preferred = operation.method === 'delete' && deletable.length > 0 ? deletable : items;
    return preferred.map((item) => String(item.slug ?? item.id));
  }

  /** The FAQ and card reorders only accept the full list of ids, which no schema can say. */
  let importedRows = 0;
  async function validBody(random: Random, operation: Operation, schema: Schema): Promise<unknown> {
    // A generated string is no CSV file with a name and an email column: the import gets a real one.
    if (operation.path.startsWith('/api/admin/members/import')) {
      importedRows += 1;
      const csv = `name,email\r\nFuzz Member,fuzz-import-${importedRows}@example.org\r\n`;
      return { ...(validValue(random, schema) as object), csv };
    }
    // A profile names specialties by the ids of the list staff keep and a website by an http(s) URL,
    // which no schema can say: those two are left empty.
    if (operation.path.endsWith('/profile') && operation.method === 'put') {
      return { ...(validValue(random, schema) as object), specialtyIds: [], website: '' };
    }
    // Exactly one of ids and matching, which a JSON schema cannot say: ids, of any messages.
    if (operation.path === '/api/admin/contact-messages/bulk') {
      return { action: random.pick(['read', 'unread', 'archived'] as const), ids: [1, 2] };
    }
    // The member caller is the one registered (attendanceIds); check-in takes their code.
    if (operation.path.endsWith('/attendance')) return { userIds: [member.id], attended: true };
    if (operation.path.endsWith('/check-in')) {
      const row = await app.runtime.deps
        .db('activity_registrations')
        .where({ user_id: member.id })
        .orderBy('id', 'desc')
        .first('check_in_code');
      return { code: row!.check_in_code };
    }
    const reordered = REORDERS[operation.path];
    if (!reordered) return validValue(random, schema);
    const ids = (await knownIds({ method: 'get', path: reordered })).map(Number);
    return { ids: random.chance(0.7) ? ids.reverse() : [...ids, 99] };
  }

  function fillPath(random: Random, path: string, ids: string[], odd: boolean): string {
    return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
      if (name === 'token') return random.pick(ODD_TOKENS);
      if (name === 'userId' && !odd) return String(member.id);
      return !odd && ids.length > 0 ? random.pick(ids) : random.pick(ODD_IDS);
    });
  }

  function validQuery(random: Random, operation: Operation): string {
    const pairs = queryParametersOf(operation)
      .filter(() => random.chance(0.5))
      .map((parameter) => `${parameter.name}=${encodeURIComponent(String(validValue(random, parameter.schema)))}`);
    return pairs.length > 0 ? `?${pairs.join('&')}` : '';
  }

  /** Mostly the super admin, who gets past the permission checks to the validation behind them. */
  function someCaller(random: Random): Caller {
    return random.chance(0.5) ? superAdmin : random.pick(callers);
  }

  async function tokenFor(caller: Caller, operation: Operation): Promise<string | undefined> {
    const endsSession = ENDS_A_SESSION.has(`${operation.method} ${operation.path}`);
    return endsSession && caller.userId !== undefined ? app.newSession(caller.userId) : caller.token;
  }

  type MakeCase = (label: string, caller: Caller, options?: RequestOptions, oddPath?: boolean) => Promise<Case>;

  /** Builds one call of the operation: its path filled in, a valid query, and a valid body unless given one. */
  function caseMaker(random: Random, operation: Operation, ids: string[]): MakeCase {
    const schema = bodySchemaOf(operation);
    return async (label, caller, options = {}, oddPath = false) => {
      const url = fillPath(random, operation.path, ids, oddPath) + validQuery(random, operation);
      const needsBody = schema && options.body === undefined && options.rawBody === undefined;
      // Calls that should reach the handler go without If-Match; calls with odd ids carry one now and then.
      const withIfMatch = oddPath && isConditional(operation) && random.chance(0.3);
      const ifMatch: Record<string, string> = withIfMatch ? { 'if-match': random.pick(IF_MATCH_VALUES) } : {};
      const body = needsBody ? { body: await validBody(random, operation, schema) } : {};
      const token = await tokenFor(caller, operation);
      return {
        caller,
        url,
        label,
        options: { ...options, ...body, headers: { ...ifMatch, ...options.headers }, token },
      };
    };
  }

  /** Every caller once, then the super admin again; sign-in and sign-up cost a bcrypt round each, so fewer. */
  async function validCases(make: MakeCase, operation: Operation): Promise<Case[]> {
    const hashes = PASSWORD_WORK.has(`${operation.method} ${operation.path}`);
    const order = hashes ? [callers[0]!, superAdmin] : [...callers, superAdmin, superAdmin];
    const cases: Case[] = [];
    for (const caller of order) cases.push(await make('valid', caller));
    return cases;
  }

  /**
   * Each breakage of a valid body, sent by the super admin so that it gets past the permission checks
   * to the validation; then raw bodies no JSON client would send, which the body parser meets first.
   */
  async function brokenBodyCases(make: MakeCase, random: Random, operation: Operation): Promise<Case[]> {
    const schema = bodySchemaOf(operation);
    const cases: Case[] = [];
    for (const [label, breakage] of Object.entries(schema ? BREAKAGES : {})) {
      const valid = (await validBody(random, operation, schema!)) as Record<string, unknown>;
      cases.push(await make(label, superAdmin, { body: breakage(random, valid, schema!) }));
    }
    if (!['post', 'put', 'patch'].includes(operation.method)) return cases;
    for (const raw of sample(random, RAW_BODIES, 5)) {
      cases.push(await make(raw.label, someCaller(random), { rawBody: raw.body, headers: raw.headers }));
    }
    return cases;
  }

  /** Ids that name nothing, and If-Match values good and bad. */
  async function oddHeaderAndPathCases(make: MakeCase, random: Random, operation: Operation): Promise<Case[]> {
    const cases: Case[] = [];
    const oddIds = operation.path.includes('{') ? 5 : 0;
    for (let i = 0; i < oddIds; i++) cases.push(await make('odd id', someCaller(random), {}, true));
    if (!isConditional(operation)) return cases;
    for (const value of sample(random, IF_MATCH_VALUES, 4)) {
      cases.push(await make(`If-Match ${value}`, superAdmin, { headers: { 'if-match': value } }));
    }
    return cases;
  }

  /**
   * A valid call with a fresh Idempotency-Key, then the very same call again (its answer replayed, or
   * run again when the first was not kept), and a malformed key.
   */
  async function idempotencyKeyCases(make: MakeCase, random: Random, operation: Operation): Promise<Case[]> {
    if (!takesIdempotencyKey(operation)) return [];
    const keyed = await make('Idempotency-Key', someCaller(random), {
      headers: { 'idempotency-key': `fuzz-${random.int(1_000_000_000)}` },
    });
    const odd = random.pick(ODD_IDEMPOTENCY_KEYS);
    return [
      keyed,
      { ...keyed, label: 'Idempotency-Key repeated' },
      await make(`Idempotency-Key ${JSON.stringify(odd)}`, someCaller(random), { headers: { 'idempotency-key': odd } }),
    ];
  }

  /** An upcoming activity the member is registered for: what a {userId} route can remove. */
  async function activityWithRegistration(): Promise<string[]> {
    const created = await app.request('POST', '/api/admin/activities', {
      token: superAdmin.token,
      body: sampleBodies.activity,
    });
    await app.request('POST', `/api/activities/${created.body.data.id}/register`, { token: member.token });
    return [String(created.body.data.id)];
  }

  /**
   * A full activity (one place, taken by another account): what joining a waitlist needs. For leaving
   * one, every signed-in caller is in its line already.
   */
  async function fullActivity(operation: Operation): Promise<string[]> {
    const created = await app.request('POST', '/api/admin/activities', {
      token: superAdmin.token,
      body: { ...sampleBodies.activity, capacity: 1 },
    });
    const id = created.body.data.id as number;
    const taker = await app.createUser({ role: 'member' });
    await app.request('POST', `/api/activities/${id}/register`, { token: taker.token });
    if (operation.method === 'delete') {
      for (const caller of callers.filter((each) => each.token !== undefined))
        await app.request('POST', `/api/activities/${id}/waitlist`, { token: caller.token });
    }
    return [String(id)];
  }

  async function idsFor(operation: Operation): Promise<string[]> {
    if (operation.path.includes('{userId}')) return activityWithRegistration();
    if (operation.path === '/api/activities/{id}/waitlist') return fullActivity(operation);
    return knownIds(operation);
  }

  async function casesFor(random: Random, operation: Operation): Promise<Case[]> {
    const ids = await idsFor(operation);
    const make = caseMaker(random, operation, ids);
    const valid = await validCases(make, operation);
    // The first valid calls again with an odd query string (not for the costly sign-in and sign-up).
    const oddQueries = PASSWORD_WORK.has(`${operation.method} ${operation.path}`)
      ? []
      : valid.slice(0, 3).map((base) => {
          const odd = random.pick(ODD_QUERIES);
          return { ...base, url: `${base.url.split('?')[0]}?${odd}`, label: `query ${odd}` };
        });
    const cases = [
      ...valid,
      ...(await idempotencyKeyCases(make, random, operation)),
      ...(await brokenBodyCases(make, random, operation)),
      ...(await oddHeaderAndPathCases(make, random, operation)),
      ...oddQueries,
    ];
    return cases.slice(0, MAX_CASES_PER_OPERATION);
  }

  /** The documented response of this status, with component references followed. */

  function check(operation: Operation, testCase: Case, response: ApiResponse): void {
    const { method, path } = operation;
    const allowed = allowedStatuses(document as OpenApiDocument, method, testCase.url) ?? [];
    const problems: string[] = [];
    if (response.status >= 500) problems.push('a 5xx');
    if (!allowed.includes(response.status)) problems.push(`undocumented (${allowed.join(', ')})`);
    problems.push(...answerProblems(method, testCase.url, response.status, response.body).slice(0, 3));
    if (problems.length === 0) return;
    const body = JSON.stringify(testCase.options.body ?? testCase.options.rawBody ?? null).slice(0, 200);
    failures.push(
      `${method.toUpperCase()} ${path} [${testCase.label}, ${testCase.caller.name}] ${testCase.url} ` +
        `headers=${JSON.stringify(testCase.options.headers)} body=${body} → ${response.status} ` +
        `${JSON.stringify(response.body).slice(0, 200)}: ${problems.join('; ')}`,
    );
  }

  /** A GET that sent an ETag, asked again with it, as a browser revalidates: 304 where documented. */
  async function revalidate(operation: Operation, testCase: Case, response: ApiResponse): Promise<void> {
    const etag = response.headers.get('etag');
    if (operation.method !== 'get' || response.status !== 200 || !etag || testCase.label !== 'valid') return;
    const again = {
      ...testCase,
      label: 'If-None-Match',
      options: { ...testCase.options, headers: { 'if-none-match': etag } },
    };
    check(operation, again, await app.request('GET', testCase.url, again.options));
  }

  /** Each path with a method it does not take: 405 with Allow, whoever asks. */
  async function callWithOtherMethods(): Promise<void> {
    for (const [path, methods] of Object.entries(document.paths as Record<string, Schema>)) {
      const other = HTTP_METHODS.find((method) => !(method in methods));
      if (!other) continue;
      const url = path.replace(/\{\w+\}/g, '1');
      const response = await app.request(other.toUpperCase(), url, {
        token: superAdmin.token,
        ...(other !== 'get' && { body: {} }),
      });
      const allowed = allowedStatuses(document as OpenApiDocument, other, url) ?? [];
      if (!allowed.includes(response.status) || (response.status === 405 && !response.headers.get('allow'))) {
        failures.push(`${other.toUpperCase()} ${url} → ${response.status} (allowed ${allowed.join(', ')}, with Allow)`);
      }
    }
  }

  it('answers every operation with a documented status and shape, never a 5xx', { timeout: 180_000 }, async () => {
    const random = seededRandom(SEED);
    const unreached: string[] = [];
    for (const operation of operationsOf(document)) {
      let succeeded = false;
      for (const testCase of await casesFor(random, operation)) {
        const response = await app.request(operation.method.toUpperCase(), testCase.url, testCase.options);
        check(operation, testCase, response);
        succeeded ||= response.status < 300;
        await revalidate(operation, testCase, response);
      }
      const key = `${operation.method} ${operation.path}`;
      if (!succeeded && !NEVER_SUCCEEDS.has(key)) unreached.push(key);
    }
    await callWithOtherMethods();
    expect(failures, `FUZZ_SEED=${SEED}`).toEqual([]);
    // The generated inputs get through to the handlers: the document's request schemas are usable.
    expect(unreached).toEqual([]);
    // Everything this file sent, seeding and look-ups included.
    expect(undocumentedAnswers(document as OpenApiDocument, app.statuses.answers)).toEqual([]);
  });

  it(
    'refuses NUL in every text field of every body with a 400 naming the field (issue 52 item 8)',
    { timeout: 180_000 },
    async () => {
      const random = seededRandom(SEED);
      const wrong: string[] = [];
      for (const operation of operationsOf(document)) {
        const schema = bodySchemaOf(operation);
        if (!schema) continue;
        const ids = operation.path.includes('{userId}') ? await activityWithRegistration() : await knownIds(operation);
        const make = caseMaker(random, operation, ids);
        const valid = (await validBody(random, operation, schema)) as Record<string, unknown>;
        for (const [field, value] of Object.entries(valid)) {
          if (typeof value !== 'string') continue;
          const testCase = await make(`NUL in ${field}`, superAdmin, {
            body: { ...valid, [field]: `${value}\u0000x` },
          });
          const method = operation.method.toUpperCase();
          const response = await app.request(method, testCase.url, testCase.options);
          const fields = ((response.body?.errors ?? []) as { field: string }[]).map((error) => error.field);
          if (response.status === 400 && fields.includes(field)) continue;
          // Where the generated body is refused without the NUL too (a code no schema can give, a path
          // that names nothing), that refusal comes first: a 4xx all the same, never a 5xx.
          const without = await app.request(method, testCase.url, { ...testCase.options, body: valid });
          const clientError = (status: number) => status >= 400 && status < 500;
          if (!clientError(response.status) || !clientError(without.status)) {
            wrong.push(
              `${operation.method} ${operation.path} ${field} → ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`,
            );
          }
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});
