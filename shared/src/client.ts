/**
 * The typed API client used by the site and the console. It speaks the envelope of DESIGN.md:
 * answers resolve to `data`, failures throw an ApiError carrying the server's message and field errors.
 */
import type {
  AboutUsVersion,
  AccountSession,
  Activity,
  ActivityRegistration,
  ContactInfoVersion,
  ContactMessage,
  DashboardData,
  Faq,
  LoginAnswer,
  LoginResult,
  MembershipCard,
  PolicyVersion,
  ResetTokenCheck,
  Testimonial,
  User,
} from './entities.js';
import type { ErrorEnvelope, FieldError, Pagination } from './envelope.js';
import { PROOF_OF_WORK_HEADER } from './proof-of-work.js';
import type {
  AboutUsInput,
  ActivityInput,
  AdminUserInput,
  ContactInfoInput,
  ContactMessageInput,
  FaqInput,
  MembershipCardInput,
  PolicyInput,
  TestimonialInput,
} from './schemas/content.js';
import type { ChangePasswordInput, SignupInput } from './schemas/auth.js';
import type { RegistrationsFilter } from './schemas/query.js';
import type { ActivityStatus, ContactMessageFilter, ContactMessageState } from './constants.js';
import type { AuditLogEntry } from './audit.js';
import type { AuditFilter } from './schemas/audit.js';
import type { RecoveryCodes, SecuritySettings, TwoFactorSetup, TwoFactorStatus } from './two-factor.js';
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

/** Status 0: the request never got an answer (offline, server down, refused by CORS). */
export function isNetworkError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 0;
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
}

/** Input as a form holds it, before the schema's defaults apply. */
type Draft<T> = { [K in keyof T]?: T[K] | undefined } & Partial<T>;

export interface ApiClientOptions {
  /** Origin of the API; empty for same-origin calls. */
  baseUrl?: string;
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
}

export type Page<Name extends string, Item> = { [K in Name]: Item[] } & { pagination: Pagination };
export interface PageQuery {
  page?: number;
  limit?: number;
}

function queryString(query: object = {}): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

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
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}/api${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
    }
    const envelope = (await response.json().catch(() => null)) as
      { success: true; data: T; message?: string } | ErrorEnvelope | null;
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

  const get = async <T>(path: string) => (await request<T>('GET', path)).data;

  /** A file (a CSV export) fetched with the token: a plain link would carry no Authorization header. */
  async function file(path: string): Promise<Blob> {
    const token = options.getToken?.();
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}/api${path}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
    } catch {
      throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
    }
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
  }
  const send = async <T>(method: string, path: string, body?: unknown, precondition?: Precondition) =>
    (await request<T>(method, path, body, precondition)).data;

  function crud<Name extends string, Item, Input>(path: string) {
    return {
      list: (query?: PageQuery & Record<string, unknown>) => get<Page<Name, Item>>(`${path}${queryString(query)}`),
      create: (input: Draft<Input>) => send<Item>('POST', path, input),
      update: (id: number, input: Draft<Input>, precondition?: Precondition) =>
        send<Item>('PUT', `${path}/${id}`, input, precondition),
      remove: (id: number, precondition?: Precondition) =>
        send<null>('DELETE', `${path}/${id}`, undefined, precondition),
    };
  }

  function versioned<Name extends string, Item, Input>(path: string) {
    return {
      ...crud<Name, Item, Input>(path),
      get: (id: number) => get<Item>(`${path}/${id}`),
      activate: (id: number, precondition?: Precondition) =>
        send<Item>('PATCH', `${path}/${id}/activate`, undefined, precondition),
    };
  }

  return {
    request,
    auth: {
      /** The user and token, or a two-factor challenge for the second step (isTwoFactorChallenge). */
      /** `deviceToken`: the one this device got at an earlier sign-in of the account (see device-tokens.ts). */
      login: (email: string, password: string, deviceToken?: string) =>
        send<LoginAnswer>('POST', '/auth/login', { email, password, ...(deviceToken && { deviceToken }) }),
      /** The second step: the challenge with a code from the app, or with a recovery code. */
      loginTwoFactor: (
        input: ({ challenge: string; code: string } | { challenge: string; recoveryCode: string }) & {
          deviceToken?: string | undefined;
        },
      ) => send<LoginResult>('POST', '/auth/login/two-factor', input),
      register: (input: SignupInput) => request<{ user: User; id: number }>('POST', '/auth/register', input),
      me: () => get<{ user: User }>('/auth/me'),
      /** Ends this sign-in's session on the server, so its token is refused from now on. */
      logout: () => send<null>('POST', '/auth/logout'),
      forgotPassword: (email: string) => request<{ message: string }>('POST', '/auth/forgot-password', { email }),
      checkResetToken: (token: string) => get<ResetTokenCheck>(`/auth/reset-password/${encodeURIComponent(token)}`),
      /** SPEC 7's body is the password alone: the forms check its confirmation themselves. */
      resetPassword: (token: string, password: string) =>
        request<{ message: string }>('POST', `/auth/reset-password/${encodeURIComponent(token)}`, { password }),
    },
    /** The signed-in account's own sessions and password (members and staff). */
    account: {
      sessions: () => get<AccountSession[]>('/account/sessions'),
      endSession: (id: number) => request<null>('DELETE', `/account/sessions/${id}`),
      endOtherSessions: () => request<{ ended: number }>('POST', '/account/sessions/end-others'),
      changePassword: (input: ChangePasswordInput) => request<null>('POST', '/account/password', input),
    },
    /** The signed-in staff member's own two-factor sign-in. */
    twoFactor: {
      status: () => get<TwoFactorStatus>('/account/two-factor'),
      setup: () => send<TwoFactorSetup>('POST', '/account/two-factor/setup'),
      confirm: (code: string) => send<RecoveryCodes>('POST', '/account/two-factor/confirm', { code }),
      disable: (input: TwoFactorDisableInput) => send<null>('POST', '/account/two-factor/disable', input),
      renewRecoveryCodes: (code: string) => send<RecoveryCodes>('POST', '/account/two-factor/recovery-codes', { code }),
    },
    content: {
      membershipCards: () => get<Page<'cards', MembershipCard>>('/membership-cards'),
      activities: (query: PageQuery & { status?: ActivityStatus } = {}) =>
        get<Page<'activities', Activity>>(`/activities${queryString(query)}`),
      activity: (id: number) => get<Activity>(`/activities/${id}`),
      registerForActivity: (id: number) => request<Activity>('POST', `/activities/${id}/register`),
      cancelRegistration: (id: number) => request<Activity>('DELETE', `/activities/${id}/register`),
      /** Per-user, so asked apart from the cached public activity. */
      activityRegistration: (id: number) => get<{ registered: boolean }>(`/activities/${id}/registration`),
      testimonials: () => get<Page<'testimonials', Testimonial>>('/testimonials'),
      aboutUs: () => get<AboutUsVersion>('/about-us'),
      contactInfo: () => get<ContactInfoVersion>('/contact-info'),
      faqs: () => get<Page<'faqs', Faq>>('/faqs'),
      privacyPolicy: () => get<PolicyVersion>('/privacy-policy'),
      termsOfService: () => get<PolicyVersion>('/terms-of-service'),
      /** `proofOfWork`: the solved challenge, once a first try was answered 428 (sendWithProofOfWork). */
      sendContactMessage: (input: ContactMessageInput, proofOfWork?: string) =>
        request<unknown>('POST', '/contact-messages', input, proofOfWork === undefined ? {} : { proofOfWork }),
    },
    admin: {
      dashboard: () => get<DashboardData>('/admin/dashboard'),
      /** Super admins: whether every staff member must sign in with two-factor. */
      securitySettings: {
        get: () => get<SecuritySettings>('/admin/settings/security'),
        put: (settings: SecuritySettings) => send<SecuritySettings>('PUT', '/admin/settings/security', settings),
      },
      /** The audit trail (super admins): read only, there is no call that changes it. */
      audit: {
        list: (query?: PageQuery & Partial<AuditFilter>) =>
          get<Page<'entries', AuditLogEntry>>(`/admin/audit${queryString(query)}`),
        get: (id: number) => get<AuditLogEntry>(`/admin/audit/${id}`),
        exportCsv: (query?: Partial<AuditFilter>) => file(`/admin/audit/export.csv${queryString(query)}`),
      },
      membershipCards: crud<'cards', MembershipCard, MembershipCardInput>('/admin/membership-cards'),
      activities: {
        ...crud<'activities', Activity, ActivityInput>('/admin/activities'),
        registrations: (id: number, query?: PageQuery & Partial<RegistrationsFilter>) =>
          get<Page<'registrations', ActivityRegistration>>(
            `/admin/activities/${id}/registrations${queryString(query)}`,
          ),
        exportRegistrations: (id: number, query?: Partial<RegistrationsFilter>) =>
          file(`/admin/activities/${id}/registrations.csv${queryString(query)}`),
      },
      testimonials: {
        ...crud<'testimonials', Testimonial, TestimonialInput>('/admin/testimonials'),
        toggleFeatured: (id: number, precondition?: Precondition) =>
          send<Testimonial>('PATCH', `/admin/testimonials/${id}/featured`, undefined, precondition),
      },
      faqs: {
        ...crud<'faqs', Faq, FaqInput>('/admin/faqs'),
        reorder: (ids: number[]) => send<unknown>('PUT', '/admin/faqs/reorder', { ids }),
      },
      aboutUs: versioned<'aboutUsVersions', AboutUsVersion, AboutUsInput>('/admin/about-us'),
      contactInfo: versioned<'contactInfoVersions', ContactInfoVersion, ContactInfoInput>('/admin/contact-info'),
      privacyPolicy: versioned<'privacyPolicies', PolicyVersion, PolicyInput>('/admin/privacy-policy'),
      termsOfService: versioned<'termsOfService', PolicyVersion, PolicyInput>('/admin/terms-of-service'),
      users: {
        ...crud<'users', User, AdminUserInput>('/admin/users'),
        get: (id: number) => get<User>(`/admin/users/${id}`),
        stats: () => get<Record<string, number>>('/admin/users/stats'),
        toggleStatus: (id: number, precondition?: Precondition) =>
          send<User>('PATCH', `/admin/users/${id}/toggle-status`, undefined, precondition),
        /** Super admins: signs the account out everywhere. */
        endSessions: (id: number) => request<{ ended: number }>('POST', `/admin/users/${id}/end-sessions`),
        /** Super admins: turns off another staff member's two-factor and signs the account out everywhere. */
        resetTwoFactor: (id: number) => request<null>('POST', `/admin/users/${id}/two-factor/reset`),
      },
      contactMessages: {
        list: (query?: PageQuery & { state?: ContactMessageFilter; q?: string }) =>
          get<Page<'messages', ContactMessage> & { unread: number }>(`/admin/contact-messages${queryString(query)}`),
        setState: (id: number, state: ContactMessageState, precondition?: Precondition) =>
          send<ContactMessage>('PATCH', `/admin/contact-messages/${id}/state`, { state }, precondition),
        exportCsv: (state?: ContactMessageFilter, q?: string) =>
          file(`/admin/contact-messages/export.csv${queryString({ state, ...(q && { q }) })}`),
        markRead: (id: number, precondition?: Precondition) =>
          send<ContactMessage>('PATCH', `/admin/contact-messages/${id}/read`, undefined, precondition),
        remove: (id: number, precondition?: Precondition) =>
          send<null>('DELETE', `/admin/contact-messages/${id}`, undefined, precondition),
      },
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
