/**
 * The typed API client used by the site and the console. It speaks the envelope of DESIGN.md:
 * answers resolve to `data`, failures throw an ApiError carrying the server's message and field errors.
 */
import {
  API_PREFIX,
  pathOf,
  resourceOf,
  routesOf,
  type BodyInputOf,
  type DataOf,
  type HttpMethod,
  type PathValues,
  type QueryInputOf,
  type Route,
} from './api/route.js';
import { ROUTES } from './api/routes.js';
import type { ContactMessageFilter } from './constants.js';
import type { Pagination, SecuritySettings } from './entities.js';
import type { ErrorEnvelope, FieldError } from './envelope.js';
import { PROOF_OF_WORK_HEADER } from './proof-of-work.js';
import type { ChangePasswordInput, CloseAccountInput, SignupInput } from './schemas/auth.js';
import type { ContactMessageInput } from './schemas/content.js';
import type { DirectoryContactInput } from './profiles/directory.js';
import type { TwoFactorDisableInput } from './schemas/two-factor.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    /** The server's stable error code (e.g. `edit_conflict`), when it sent one. */
    readonly code?: string,
    /** With a 409 edit conflict: the item as it is now on the server. */
    readonly current?: unknown,
    /**
     * How the answer came: its Retry-After header, whether it carried the API's error envelope, with
     * a 428 the proof-of-work challenge the sender must solve, and its body as parsed (null when it
     * was not JSON), which failureText reads SPEC 8's message from.
     */
    readonly answer: { retryAfter?: string; enveloped?: boolean; challenge?: unknown; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Status 0: the request never got an answer (offline, server down, refused by CORS, timed out). */
export function isNetworkError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 0;
}

/**
 * How long a request may wait for its whole answer (issue 54 item 5): one that never answers would
 * otherwise hold the console's outbox until a reload. A write that times out may still have been
 * made: it is sent again with the same Idempotency-Key, which the server answers once.
 */
export const REQUEST_TIMEOUTS_MS = { read: 30_000, write: 30_000, file: 120_000 } as const;

/** The ApiError code of a request abandoned after its timeout (status 0, as for no answer). */
export const TIMED_OUT = 'timeout';

export const UNREACHABLE_MESSAGE = 'Could not reach the server. Check your connection and try again.';
export const TIMED_OUT_MESSAGE = 'The server did not answer in time. Check your connection and try again.';

/** Whether the request was abandoned after its timeout. */
export function isTimeout(error: unknown): error is ApiError {
  return isNetworkError(error) && error.code === TIMED_OUT;
}

/** Someone else changed or deleted the item since the editor read it (409 with the current item). */
export function isEditConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === 'edit_conflict';
}

/**
 * The version of an item the editor saw. Sent as `If-Match: "<revision>"`; without it a write keeps
 * SPEC's last-writer-wins behaviour.
 */
export interface Precondition {
  revision?: number;
  /** Sent as `Idempotency-Key`: a repeat of the same write gets the first answer, without a second effect. */
  idempotencyKey?: string;
  /** Sent as `Proof-Of-Work`: the solution of the challenge a 428 asked for (proof-of-work.ts). */
  proofOfWork?: string;
  /** Replaces the method's timeout (REQUEST_TIMEOUTS_MS) for a call known to take long (an import). */
  timeoutMs?: number;
}

/** The query of a call: the names its schema reads, each as the URL will carry it. */
export type QueryValues<R extends Route> = {
  [K in keyof QueryInputOf<R>]?: string | number | boolean | undefined;
};

/** What one call of a route sends: the values of its path, its query and its body. */
export type CallInput<R extends Route> = {
  params?: PathValues<R>;
  query?: QueryValues<R> | undefined;
  body?: BodyInputOf<R>;
};

/** The path under /api of one call, with its query string: /admin/faqs?page=2 */
function pathUnderApi<R extends Route>(route: R, input: CallInput<R>): string {
  const path = pathOf(route, input.params ?? ({} as PathValues<R>)).slice(API_PREFIX.length);
  return `${path}${queryString(input.query ?? {})}`;
}

/** A write as the console queues it (offline/outbox.ts): method, path under /api, body and revision. */
export interface ChangeRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  revision?: number;
}

type WriteRoute = Route & { method: Exclude<HttpMethod, 'get'> };

/**
 * The request of one write of the route table, for the console's outbox: the path from the entry and
 * the values of its parameters, the body typed by what the entry accepts, and the revision the editor saw.
 */
export function changeOf<R extends WriteRoute>(
  route: R,
  input: { params?: PathValues<R>; body?: BodyInputOf<R>; revision?: number | undefined } = {},
): ChangeRequest {
  return {
    method: route.method.toUpperCase() as ChangeRequest['method'],
    path: pathUnderApi(route, { params: input.params }),
    ...(input.body !== undefined && { body: input.body }),
    ...(input.revision !== undefined && { revision: input.revision }),
  };
}

const WRITE_ROUTES = routesOf<Route>(ROUTES).map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.slice(API_PREFIX.length).replace(/:\w+/g, '[^/]+')}$`),
}));

/** The table's route of a queued change (the first with its method and path, as the router chooses). */
export function routeOfChange(change: Pick<ChangeRequest, 'method' | 'path'>): Route | undefined {
  const path = change.path.split('?')[0]!;
  const method = change.method.toLowerCase();
  return WRITE_ROUTES.find((entry) => entry.route.method === method && entry.pattern.test(path))?.route;
}

/**
 * The keys of what a change makes stale, from its route: its own resource first (the list an
 * optimistic update edits), then the others the route declares it changes.
 */
export function changedQueryKeys(change: Pick<ChangeRequest, 'method' | 'path'>): string[][] {
  const route = routeOfChange(change);
  if (!route) throw new Error(`${change.method} ${change.path}: no route of the table`);
  return [resourceOf(route), ...(route.changes ?? [])].map((resource) => [resource]);
}

export interface ApiClientOptions {
  /** Origin of the API; empty for same-origin calls. */
  baseUrl?: string;
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
}

export type Page<Name extends string, Item> = { [K in Name]: Item[] } & { pagination: Pagination };

/**
 * Runs `exchange` (the fetch and the reading of its body) with a signal that aborts after `ms`; an
 * abandoned exchange throws the timeout's ApiError, a failed one UNREACHABLE_MESSAGE's. setTimeout,
 * not AbortSignal.timeout, so a test's fake clock decides when the time is up.
 */
async function withTimeout<T>(ms: number, exchange: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await exchange(controller.signal);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (controller.signal.aborted) throw new ApiError(0, TIMED_OUT_MESSAGE, [], TIMED_OUT);
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  } finally {
    clearTimeout(timer);
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function queryString(query: object = {}): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

/** A large member import runs for minutes on a slow server; its repeat is answered once too. */
const MEMBER_IMPORT_TIMEOUT_MS = 10 * 60_000;
/** A photo of up to 5 MB on a slow uplink. */
const PHOTO_UPLOAD_TIMEOUT_MS = 2 * 60_000;

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function request<T>(
    method: string,
    path: string,
    body?: unknown,
    precondition: Precondition = {},
  ): Promise<{ data: T; message?: string }> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (precondition.revision !== undefined) headers['If-Match'] = `"${precondition.revision}"`;
    if (precondition.idempotencyKey !== undefined) headers['Idempotency-Key'] = precondition.idempotencyKey;
    if (precondition.proofOfWork !== undefined) headers[PROOF_OF_WORK_HEADER] = precondition.proofOfWork;
    const token = options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const timeoutMs =
      precondition.timeoutMs ??
      (READ_METHODS.has(method.toUpperCase()) ? REQUEST_TIMEOUTS_MS.read : REQUEST_TIMEOUTS_MS.write);
    const { response, envelope } = await withTimeout(timeoutMs, async (signal) => {
      const answer = await doFetch(`${baseUrl}/api${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      // The body is part of the answer: a server that stalls halfway through it has not answered.
      const parsed = (await answer.json().catch((error: unknown) => {
        if (signal.aborted) throw error;
        return null;
      })) as { success: true; data: T; message?: string } | ErrorEnvelope | null;
      return { response: answer, envelope: parsed };
    });
    if (!response.ok || !envelope || envelope.success !== true) {
      const failure = envelope && envelope.success === false ? envelope : null;
      throw new ApiError(
        response.status,
        failure?.message ?? `Request failed (${response.status})`,
        failure?.errors,
        failure?.code,
        failure?.current,
        {
          retryAfter: response.headers.get('Retry-After') ?? undefined,
          enveloped: failure !== null,
          body: envelope,
          ...(failure?.challenge !== undefined && { challenge: failure.challenge }),
        },
      );
    }
    return { data: envelope.data, ...(envelope.message !== undefined && { message: envelope.message }) };
  }

  /** A file (a CSV export) fetched with the token: a plain link would carry no Authorization header. */
  async function file(path: string): Promise<Blob> {
    const token = options.getToken?.();
    return withTimeout(REQUEST_TIMEOUTS_MS.file, async (signal) => {
      const response = await doFetch(`${baseUrl}/api${path}`, {
        signal,
        ...(token && { headers: { Authorization: `Bearer ${token}` } }),
      });
      if (!response.ok) {
        const failure = (await response.json().catch(() => null)) as ErrorEnvelope | null;
        throw new ApiError(
          response.status,
          failure?.message ?? `Request failed (${response.status})`,
          undefined,
          undefined,
          undefined,
          { body: failure },
        );
      }
      return response.blob();
    });
  }

  /** One route of the route table: its method and path, its input and answer types from the entry. */
  function answer<R extends Route>(route: R, input: CallInput<R> = {}, precondition?: Precondition) {
    return request<DataOf<R>>(route.method.toUpperCase(), pathUnderApi(route, input), input.body, precondition);
  }
  const call = async <R extends Route>(route: R, input?: CallInput<R>, precondition?: Precondition) =>
    (await answer(route, input, precondition)).data;
  const download = <R extends Route>(route: R, input?: CallInput<R>) => file(pathUnderApi(route, input ?? {}));

  /** The admin list of a table group (a content list or a kind of versioned content). */
  const lister =
    <R extends Route>(route: R) =>
    (query?: QueryValues<R>) =>
      call(route, { query });

  return {
    request,
    auth: {
      /** The user and token, or a two-factor challenge for the second step (isTwoFactorChallenge). */
      /** `deviceToken`: the one this device got at an earlier sign-in of the account (see device-tokens.ts). */
      login: (email: string, password: string, deviceToken?: string) =>
        call(ROUTES.auth.login, { body: { email, password, ...(deviceToken && { deviceToken }) } }),
      /** The second step: the challenge with a code from the app, or with a recovery code. */
      loginTwoFactor: (
        input: ({ challenge: string; code: string } | { challenge: string; recoveryCode: string }) & {
          deviceToken?: string | undefined;
        },
      ) => call(ROUTES.auth.loginTwoFactor, { body: input }),
      register: (input: SignupInput) => answer(ROUTES.auth.register, { body: input }),
      me: () => call(ROUTES.auth.me),
      /** Ends this sign-in's session on the server, so its token is refused from now on. */
      logout: () => call(ROUTES.auth.logout),
      forgotPassword: (email: string) => answer(ROUTES.auth.forgotPassword, { body: { email } }),
      checkResetToken: (token: string) => call(ROUTES.auth.checkResetToken, { params: { token } }),
      /** SPEC 7's body is the password alone: the forms check its confirmation themselves. */
      resetPassword: (token: string, password: string) =>
        answer(ROUTES.auth.resetPassword, { params: { token }, body: { password } }),
    },
    /** The signed-in account's own sessions and password (members and staff). */
    account: {
      sessions: () => call(ROUTES.account.sessions),
      endSession: (id: number) => answer(ROUTES.account.endSession, { params: { id } }),
      endOtherSessions: () => answer(ROUTES.account.endOtherSessions),
      changePassword: (input: ChangePasswordInput) => answer(ROUTES.account.changePassword, { body: input }),
      /** "Download my data": the JSON file, fetched with the token. */
      downloadData: () => download(ROUTES.account.data),
      /** Closes (erases) the signed-in member's account; the password confirms it. */
      close: (input: CloseAccountInput) => answer(ROUTES.account.close, { body: input }),
      /** Whether announcements are mailed to the account ("Receive announcements"). */
      preferences: () => call(ROUTES.account.preferences),
      setPreferences: (receiveAnnouncements: boolean) =>
        answer(ROUTES.account.setPreferences, { body: { receiveAnnouncements } }),
      /** The signed-in member's professional profile; a save sends the revision it was read at. */
      profile: () => call(ROUTES.account.profile),
      setProfile: (body: BodyInputOf<typeof ROUTES.account.setProfile>, revision: number) =>
        answer(ROUTES.account.setProfile, { body }, { revision }),
      setListing: (listed: boolean, revision: number) =>
        answer(ROUTES.account.setListing, { body: { listed } }, { revision }),
      /** A new profile photo (the file as base64), at the profile's revision. */
      setPhoto: (image: string, revision: number) =>
        answer(ROUTES.account.setPhoto, { body: { image } }, { revision, timeoutMs: PHOTO_UPLOAD_TIMEOUT_MS }),
      removePhoto: (revision: number) => answer(ROUTES.account.removePhoto, {}, { revision }),
      /** The signed-in member's membership: its status and renewal date (issue 57). */
      membership: () => call(ROUTES.account.membership),
      /** The member's registrations, attendance, certificates and CPD hours per year (issue 58). */
      activities: () => call(ROUTES.account.activities),
      /** The CPD record as a CSV file, fetched with the token. */
      exportCpd: () => download(ROUTES.account.exportCpd),
      /** The certificate PDF of an attended activity: issued on the first download, the same after. */
      certificate: (activityId: number) => download(ROUTES.account.certificate, { params: { id: activityId } }),
      /** The one-click unsubscribe of an announcement mail's signed link: no session needed. */
      unsubscribe: (token: string) => answer(ROUTES.account.unsubscribe, { query: { token } }),
    },
    /** The signed-in staff member's own two-factor sign-in. */
    twoFactor: {
      status: () => call(ROUTES.twoFactor.status),
      setup: () => call(ROUTES.twoFactor.setup),
      confirm: (code: string) => call(ROUTES.twoFactor.confirm, { body: { code } }),
      disable: (input: TwoFactorDisableInput) => call(ROUTES.twoFactor.disable, { body: input }),
      renewRecoveryCodes: (code: string) => call(ROUTES.twoFactor.renewRecoveryCodes, { body: { code } }),
    },
    content: {
      membershipCards: () => call(ROUTES.membershipCards.list),
      activities: (query: QueryValues<typeof ROUTES.activities.list> = {}) => call(ROUTES.activities.list, { query }),
      registerForActivity: (id: number) => answer(ROUTES.activities.register, { params: { id } }),
      cancelRegistration: (id: number) => answer(ROUTES.activities.cancelRegistration, { params: { id } }),
      /** Per-user, so asked apart from the cached public activity. */
      activityRegistration: (id: number) => call(ROUTES.activities.registration, { params: { id } }),
      joinWaitlist: (id: number) => answer(ROUTES.activities.joinWaitlist, { params: { id } }),
      leaveWaitlist: (id: number) => answer(ROUTES.activities.leaveWaitlist, { params: { id } }),
      /** The place a waitlist offer's mail holds, taken with the token of its link. */
      acceptWaitlistOffer: (token: string) => answer(ROUTES.activities.acceptOffer, { body: { token } }),
      testimonials: () => call(ROUTES.testimonials.list),
      aboutUs: () => call(ROUTES.aboutUs.active),
      contactInfo: () => call(ROUTES.contactInfo.active),
      faqs: () => call(ROUTES.faqs.list),
      specialties: () => call(ROUTES.directory.specialties),
      /** The directory of members (issue 57): a page of listed professionals, one professional, a message to one. */
      directory: (query: QueryValues<typeof ROUTES.directory.list> = {}) => call(ROUTES.directory.list, { query }),
      professional: (slug: string) => call(ROUTES.directory.get, { params: { slug } }),
      contactProfessional: (slug: string, input: DirectoryContactInput, proofOfWork?: string) =>
        answer(
          ROUTES.directory.contact,
          { params: { slug }, body: input },
          proofOfWork === undefined ? {} : { proofOfWork },
        ),
      /** The public check of a certificate's code (counted per address, never cached). */
      verifyCertificate: (code: string) => call(ROUTES.certificates.verify, { params: { code } }),
      privacyPolicy: () => call(ROUTES.privacyPolicy.active),
      termsOfService: () => call(ROUTES.termsOfService.active),
      /** `proofOfWork`: the solved challenge, once a first try was answered 428 (sendWithProofOfWork). */
      sendContactMessage: (input: ContactMessageInput, proofOfWork?: string) =>
        answer(ROUTES.contactMessages.send, { body: input }, proofOfWork === undefined ? {} : { proofOfWork }),
    },
    /**
     * The console's reads. Its writes are queued changes (changeOf), sent through `request` so that
     * they can wait in the outbox.
     */
    admin: {
      dashboard: () => call(ROUTES.dashboard.get),
      /** Which public sections show SPEC's built-in content (nothing of theirs is public). */
      defaultContent: () => call(ROUTES.dashboard.defaultContent),
      /** The organisation's settings: its time zone, which activity times are wall clocks in. */
      organisation: () => call(ROUTES.dashboard.organisation),
      /** Super admins: whether every staff member must sign in with two-factor. */
      securitySettings: {
        get: () => call(ROUTES.twoFactor.securitySettings),
        put: (settings: SecuritySettings) => call(ROUTES.twoFactor.setSecuritySettings, { body: settings }),
      },
      /** The audit trail (super admins): read only, there is no call that changes it. */
      audit: {
        list: lister(ROUTES.audit.list),
        exportCsv: (query?: QueryValues<typeof ROUTES.audit.exportCsv>) => download(ROUTES.audit.exportCsv, { query }),
      },
      /** The mail queue (super admins); retry and discard are queued changes like other writes. */
      mail: {
        list: lister(ROUTES.mail.list),
        /** One mail with its plain-text body (the tokens of its links hidden). */
        get: (id: number) => call(ROUTES.mail.get, { params: { id } }),
      },
      membershipCards: { list: lister(ROUTES.membershipCards.admin.list) },
      activities: {
        list: lister(ROUTES.activities.admin.list),
        registrations: (id: number, query?: QueryValues<typeof ROUTES.activities.registrations>) =>
          call(ROUTES.activities.registrations, { params: { id }, query }),
        exportRegistrations: (id: number, query?: QueryValues<typeof ROUTES.activities.exportRegistrations>) =>
          download(ROUTES.activities.exportRegistrations, { params: { id }, query }),
        waitlist: (id: number, query?: QueryValues<typeof ROUTES.activities.waitlist>) =>
          call(ROUTES.activities.waitlist, { params: { id }, query }),
        mailRecipients: (id: number, query?: QueryValues<typeof ROUTES.activities.mailRecipients>) =>
          call(ROUTES.activities.mailRecipients, { params: { id }, query }),
      },
      testimonials: { list: lister(ROUTES.testimonials.admin.list) },
      faqs: { list: lister(ROUTES.faqs.admin.list) },
      aboutUs: { list: lister(ROUTES.aboutUs.list) },
      contactInfo: { list: lister(ROUTES.contactInfo.list) },
      privacyPolicy: { list: lister(ROUTES.privacyPolicy.list) },
      termsOfService: { list: lister(ROUTES.termsOfService.list) },
      users: {
        list: lister(ROUTES.users.list),
        /** Super admins: signs the account out everywhere. */
        endSessions: (id: number) => answer(ROUTES.account.endSessionsOf, { params: { id } }),
        /** Super admins: turns off another staff member's two-factor and signs the account out everywhere. */
        resetTwoFactor: (id: number) => answer(ROUTES.twoFactor.resetFor, { params: { id } }),
        /** Super admins: a new invitation link for an account that has not chosen a password yet. */
        resendInvitation: (id: number) => answer(ROUTES.users.resendInvitation, { params: { id } }),
      },
      members: {
        list: lister(ROUTES.members.list),
        get: (id: number) => call(ROUTES.members.get, { params: { id } }),
        exportCsv: (query?: QueryValues<typeof ROUTES.members.exportCsv>) =>
          download(ROUTES.members.exportCsv, { query }),
        profile: (id: number) => call(ROUTES.members.profile, { params: { id } }),
        /** The tags staff keep, by name, with their member counts. */
        tags: () => call(ROUTES.tags.list),
        /** The dry run: each row's outcome; nothing is written. */
        previewImport: (csv: string) => call(ROUTES.members.importPreview, { body: { csv } }),
        /** `idempotencyKey`: one per import the user confirms, kept when they retry it. */
        import: (body: BodyInputOf<typeof ROUTES.members.import>, idempotencyKey: string) =>
          answer(ROUTES.members.import, { body }, { idempotencyKey, timeoutMs: MEMBER_IMPORT_TIMEOUT_MS }),
      },
      /** The specialties as staff keep them, with how many profiles name each; writes are queued changes. */
      specialties: { list: () => call(ROUTES.specialties.list) },
      /** Announcements by e-mail: their send and schedule are queued changes like other writes. */
      announcements: {
        list: lister(ROUTES.announcements.list),
        get: (id: number) => call(ROUTES.announcements.get, { params: { id } }),
        /** The mail as it will be sent (to the caller's address); writes nothing. */
        preview: (body: BodyInputOf<typeof ROUTES.announcements.preview>) =>
          call(ROUTES.announcements.preview, { body }),
        /** How many accounts a send now would mail. */
        audience: (id: number) => call(ROUTES.announcements.audience, { params: { id } }),
        /** How many accounts an audience (and segment) would reach now, before saving; writes nothing. */
        reach: (body: BodyInputOf<typeof ROUTES.announcements.reach>) => call(ROUTES.announcements.reach, { body }),
        recipients: (id: number, query?: QueryValues<typeof ROUTES.announcements.recipients>) =>
          call(ROUTES.announcements.recipients, { params: { id }, query }),
      },
      contactMessages: {
        list: lister(ROUTES.contactMessages.list),
        replies: (id: number) => call(ROUTES.contactMessages.replies, { params: { id } }),
        exportCsv: (state?: ContactMessageFilter, q?: string) =>
          download(ROUTES.contactMessages.exportCsv, { query: { state, ...(q && { q }) } }),
      },
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
