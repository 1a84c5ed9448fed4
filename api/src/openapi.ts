/**
 * OpenAPI 3.1 built from the route table (@npo/shared's API), from which the server registers its
 * routes: every operation's method and path, its shared zod schemas, its session requirement and
 * permission, its If-Match precondition and whether it honours Idempotency-Key, and from its contract
 * (shared/src/api/route-schemas.ts) its summary, tag and what it answers on success, with the entities
 * of @npo/shared as components. The error statuses follow from what the table says each route runs
 * and the flags of its contract, so they cannot drift from the code.
 */
import {
  ENTITY_SCHEMAS,
  organisationName,
  PROOF_OF_WORK_HEADER,
  PROOF_OF_WORK_REQUIRED,
  TAG_LIST,
  TAGS,
  type Access,
  type Action,
  type Module,
  type Operation,
} from '@npo/shared';
import { z, type ZodType } from 'zod';
import {
  EDIT_CONFLICT,
  IDEMPOTENCY_KEY_FORMAT,
  IDEMPOTENCY_KEY_IN_USE,
  IDEMPOTENCY_KEY_REUSED,
  IF_MATCH_FORMAT,
  PROOF_OF_WORK_MESSAGE,
} from './errors.js';
import {
  CONCURRENT_WAIT_MS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_RETENTION_MS,
  REPLAYED_HEADER,
  ANONYMOUS_KEYS_PER_HOUR,
} from './middleware/idempotency.js';
import type { InputSchemas } from './middleware/validate.js';

type JsonSchema = Record<string, unknown>;

type EntityName = keyof typeof ENTITY_SCHEMAS;

const ref = (name: EntityName | 'ErrorEnvelope') => ({ $ref: `#/components/schemas/${name}` });

function jsonSchema(schema: ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The entities by schema: where an answer holds one, the document refers to its component. */
const ENTITY_NAMES = new Map<unknown, EntityName>(
  Object.entries(ENTITY_SCHEMAS).map(([name, schema]) => [schema, name as EntityName]),
);

/**
 * An answer's JSON Schema, with a $ref to the component of each entity it holds. (`override` sees
 * the schema of each node; replacing the node's keys by a $ref keeps zod's walk as it is.)
 */
function answerSchema(schema: ZodType, component?: EntityName): JsonSchema {
  const named = ENTITY_NAMES.get(schema);
  if (named && named !== component) return ref(named);
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: node, path }) => {
      const inner = ENTITY_NAMES.get(zodSchema);
      if (!inner || path.length === 0) return;
      for (const key of Object.keys(node)) delete (node as JsonSchema)[key];
      Object.assign(node, ref(inner));
    },
  }) as JsonSchema;
  return rest;
}

function queryParameters(schema: ZodType | undefined): JsonSchema[] {
  if (!schema) return [];
  const properties = (jsonSchema(schema).properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    schema: property,
  }));
}

const errorEnvelopeSchema = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { const: false },
    message: { type: 'string' },
    code: { type: 'string', description: 'Stable, e.g. validation_failed, not_found, edit_conflict' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
    current: { description: 'With 409 edit_conflict only: the item as it is now' },
  },
};

/** Every error answer is the one envelope; only the description says what the status means here. */
const envelopeError = (description: string, headers?: JsonSchema) => ({
  description,
  ...(headers && { headers }),
  content: { 'application/json': { schema: ref('ErrorEnvelope') } },
});

const ifMatchParameter = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'The ETag of the item as the editor read it ("<revision>", W/"<revision>", a comma list, or *). ' +
    'The write applies only while the item still has that revision; without the header it always applies. ' +
    `A malformed value is a 400: ${IF_MATCH_FORMAT}.`,
  schema: { type: 'string', examples: ['"3"'] },
};

const proofOfWorkParameter = {
  name: PROOF_OF_WORK_HEADER,
  in: 'header',
  required: false,
  description:
    'Only needed once a 428 proof_of_work_required asked for it (the site is past its contact rate): ' +
    '`<number>:<signature>:<salt>`, where number is the one for which SHA-256(salt followed by number, in ' +
    "decimal) is the challenge's hex `challenge`. A solution is accepted once, before its salt's expiry.",
  schema: { type: 'string', examples: ['12345:5f1c…:9a8b7c6d5e4f3a2b1c0d9e8f.1795000000000'] },
};

const proofOfWorkAnswer = {
  description: `code "${PROOF_OF_WORK_REQUIRED}": ${PROOF_OF_WORK_MESSAGE} Nothing was stored.`,
  content: {
    'application/json': {
      schema: {
        allOf: [
          ref('ErrorEnvelope'),
          {
            required: ['challenge'],
            properties: {
              challenge: {
                type: 'object',
                required: ['algorithm', 'challenge', 'salt', 'maxNumber', 'signature'],
                properties: {
                  algorithm: { const: 'SHA-256' },
                  challenge: { type: 'string', description: 'Hex SHA-256 of salt followed by the secret number' },
                  salt: { type: 'string', description: 'Random hex, ".", and the expiry in ms since the epoch' },
                  maxNumber: { type: 'integer', description: 'The secret number is between 0 and this' },
                  signature: { type: 'string', description: "The server's signature of the challenge" },
                },
              },
            },
          },
        ],
      },
    },
  },
};

const etagHeader = (description: string) => ({ ETag: { description, schema: { type: 'string' } } });

const idempotencyKeyParameter = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    `Makes the write exactly-once: a repeat with the same key within ${IDEMPOTENCY_RETENTION_MS / 3_600_000} hours ` +
    `gets the first answer again (status, body, ETag) with \`${REPLAYED_HEADER}: true\`, and changes nothing. ` +
    'Keys are per account (per caller without a session, for the public forms): a fresh one per change, e.g. a UUID. ' +
    'The same key with another method, path or body is a 422; a repeat while the first still runs waits up to ' +
    `${CONCURRENT_WAIT_MS / 1000} s for its answer, else 409 idempotency_key_in_use with Retry-After. A first answer ` +
    'that is not a success (any 4xx or 5xx) is not kept: a retry with the key runs again. Without a session, ' +
    `keyed writes count per address (${ANONYMOUS_KEYS_PER_HOUR} an hour), past which they get 429. ` +
    `A malformed key is a 400: ${IDEMPOTENCY_KEY_FORMAT}`,
  schema: {
    type: 'string',
    minLength: 1,
    maxLength: 255,
    pattern: IDEMPOTENCY_KEY_PATTERN,
    examples: ['0b6e2a4c-4f3e-4d0a-9a57-2f1f8f0c6d11'],
  },
};

const replayedHeader = {
  [REPLAYED_HEADER]: {
    description: `"true" when this is the stored answer to an earlier request with the same ${IDEMPOTENCY_HEADER}`,
    schema: { const: 'true' },
  },
};

const retryAfterHeader = { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } };

const keyInUse = `code "idempotency_key_in_use" (${IDEMPOTENCY_KEY_IN_USE}), with Retry-After`;

const editConflictAnswer = {
  description: `code "edit_conflict" (${EDIT_CONFLICT}) with \`current\`, the item as it is now; or code "conflict" when a rule refuses the change.`,
  headers: etagHeader('The current revision of the item'),
  content: {
    'application/json': {
      schema: {
        allOf: [
          ref('ErrorEnvelope'),
          {
            properties: {
              code: { enum: ['edit_conflict', 'conflict'] },
              current: { type: 'object', description: 'With edit_conflict: the item as GET and the list show it now' },
            },
          },
        ],
      },
    },
  },
};

/** One entry of the route table, as the builder needs it. */
interface Route {
  contract: Operation;
  method: string;
  /** As the document writes it: /api/admin/faqs/{id} */
  path: string;
  schemas: InputSchemas;
  auth: 'user' | 'admin' | undefined;
  policy: { module: Module; action: Action } | undefined;
  conditional: boolean;
  /** A write that honours Idempotency-Key (every write but sign-in and the two-factor secrets). */
  idempotent: boolean;
  hasPathParameters: boolean;
  /** Where the entry raises the API's 1 MB body limit. */
  bodyLimitMb?: number | undefined;
}

const BODY_METHODS = new Set(['post', 'put', 'patch']);
const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** getAdminFaqsById, putAdminFaqsReorder: the method, then each path word, with "By" before a parameter. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^\{(\w+)\}$/.exec(segment)?.[1];
      return parameter ? ['by', parameter] : segment.split(/[^a-zA-Z0-9]+/);
    });
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

function successResponse(route: Route): JsonSchema {
  const answer = route.contract;
  const status = answer.status ?? 200;
  const data = answerSchema(answer.answer);
  const envelope = {
    type: 'object',
    required: ['success', 'data'],
    properties: { success: { const: true }, data, message: { type: 'string' } },
  };
  const headers = {
    ...(answer.etag && etagHeader("The item's revision, for the next If-Match")),
    ...(route.idempotent && replayedHeader),
  };
  return {
    [status]: {
      description: answer.description ?? (status === 201 ? 'Created' : 'Success envelope'),
      ...(Object.keys(headers).length > 0 && { headers }),
      content: {
        [answer.mediaType ?? 'application/json']: { schema: answer.raw || answer.mediaType ? data : envelope },
      },
    },
  };
}

/**
 * Public GETs answer from the shared cache with an ETag, and 304 to a matching If-None-Match.
 * Health and the auth GETs are never cached.
 */
function isPublicContent(route: Route): boolean {
  return (
    route.method === 'get' &&
    !route.auth &&
    !route.path.startsWith('/api/health') &&
    !route.path.startsWith('/api/auth/')
  );
}

const notModified = { description: 'If-None-Match named the current ETag: the cached copy is still right' };

type Responses = Record<string, JsonSchema>;

/** 400, 413, 415: what the body parser, validate(), precondition and the path decoder refuse. */
function inputErrors(route: Route): Responses {
  const hasBody = BODY_METHODS.has(route.method);
  const validated = Boolean(route.schemas?.body ?? route.schemas?.query) || route.conditional || route.idempotent;
  if (!validated && !hasBody && !route.hasPathParameters) return {};
  const ifMatch = route.conditional ? `, a malformed If-Match (${IF_MATCH_FORMAT})` : '';
  const key = route.idempotent ? `, a malformed ${IDEMPOTENCY_HEADER}` : '';
  return {
    '400': envelopeError(
      `Validation failed (errors lists the fields), malformed JSON or Content-Encoding, a path that does not decode${ifMatch}${key}`,
    ),
    ...(hasBody && {
      '413': envelopeError(`The body is larger than ${route.bodyLimitMb ?? 1} MB`),
      '415': envelopeError('A Content-Encoding other than gzip, deflate, br or identity'),
    }),
  };
}

/** 401 and 403 from the session middleware, or a refused sign-in. */
function accessErrors(route: Route): Responses {
  const responses: Responses = {};
  if (route.auth) responses['401'] = envelopeError('No token, or a token that no longer holds (expired, revoked)');
  if (route.contract.checksCredentials) {
    responses['401'] = envelopeError('Wrong e-mail or password, or a deactivated account');
  }
  if (route.auth === 'admin') responses['403'] = envelopeError('Not an admin, or without the permission below');
  if (route.contract.membersOnly)
    responses['403'] = envelopeError('A staff account: a super admin closes it on the Admins screen');
  return responses;
}

/** 409: an edit conflict, a refusal of the content as it is, a key still in use; or several of those. */
function conflictAnswer(route: Route): JsonSchema | undefined {
  if (route.conditional && !route.idempotent) return editConflictAnswer;
  if (route.conditional) {
    return {
      ...editConflictAnswer,
      description: `${editConflictAnswer.description} Or ${keyInUse}.`,
      headers: { ...editConflictAnswer.headers, ...retryAfterHeader },
      content: {
        'application/json': {
          schema: {
            allOf: [
              ref('ErrorEnvelope'),
              {
                properties: {
                  code: { enum: ['edit_conflict', 'conflict', 'idempotency_key_in_use'] },
                  current: {
                    type: 'object',
                    description: 'With edit_conflict: the item as GET and the list show it now',
                  },
                },
              },
            ],
          },
        },
      },
    };
  }
  const refuses = route.contract.conflicts ? 'code "conflict": already exists, or a rule refuses' : undefined;
  if (!route.idempotent) return refuses && envelopeError(refuses);
  return envelopeError(refuses ? `${refuses}; or ${keyInUse}` : keyInUse, retryAfterHeader);
}

/** 304, 404, 409, 422: what the content as it is now, or an earlier request with the same key, answers. */
function stateAnswers(route: Route): Responses {
  const responses: Responses = {};
  if (isPublicContent(route)) responses['304'] = notModified;
  if (route.hasPathParameters) responses['404'] = envelopeError('Nothing has this id (or the id is out of range)');
  if (route.contract.mayBeMissing) responses['404'] = envelopeError('No version is active yet');
  const conflict = conflictAnswer(route);
  if (conflict) responses['409'] = conflict;
  if (route.idempotent) responses['422'] = { $ref: '#/components/responses/IdempotencyKeyReused' };
  if (route.contract.asksProofOfWork) responses['428'] = proofOfWorkAnswer;
  return responses;
}

/** 429 and the 5xx: throttling, and faults of the database or the mail server. */
function serverErrors(route: Route): Responses {
  return {
    ...(route.contract.throttled && { '429': { $ref: '#/components/responses/TooManyRequests' } }),
    // Any operation can meet a fault nobody foresaw; the answer names no internals. (The fuzz test allows none.)
    '500': { $ref: '#/components/responses/InternalError' },
    ...(route.path !== '/api/openapi.json' && { '503': { $ref: '#/components/responses/Unavailable' } }),
    ...(WRITE_METHODS.has(route.method) && { '507': { $ref: '#/components/responses/InsufficientStorage' } }),
  };
}

/**
 * Node's HTTP parser refuses headers over its limit before any route runs: every operation can meet
 * it, and for a few (health, this document) it is the only client error there is.
 */
const headersTooLarge = { '431': { $ref: '#/components/responses/HeadersTooLarge' } };

/** Every status besides the success (numeric keys: JSON keeps them in ascending order). */
function otherResponses(route: Route): Responses {
  return {
    ...inputErrors(route),
    ...headersTooLarge,
    ...accessErrors(route),
    ...stateAnswers(route),
    ...serverErrors(route),
  };
}

/** Readiness answers its own body too: the 503 says what is not ready. */
const notReady = {
  description: 'Not ready: the database does not answer, or migrations are pending',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['status', 'reason'],
        properties: {
          status: { const: 'not_ready' },
          reason: { enum: ['database_unavailable', 'migrations_pending'] },
        },
      },
    },
  },
};

/** Health answers its own body, not the envelope: the 503 says the database does not answer. */
const healthUnavailable = {
  description: 'The database does not answer',
  content: {
    'application/json': {
      schema: { type: 'object', required: ['status'], properties: { status: { const: 'unavailable' } } },
    },
  },
};

/**
 * Served in front of the router (see modules/metrics/endpoint.ts), so the router has no handler for
 * it; to anyone but this host or a METRICS_TOKEN holder it is the ordinary 404.
 */
function beforeRouterPath(route: Route): JsonSchema {
  return {
    // Other methods are not refused with 405: the router does not know the path, so they answer 404.
    'x-outside-router': true,
    [route.method]: {
      operationId: operationIdOf(route.method, route.path),
      summary: route.contract.summary,
      tags: [TAGS[route.contract.tag].name],
      description: 'Prometheus text format, for a scraper on this host or holding METRICS_TOKEN (Bearer).',
      // From this host no credentials at all; from anywhere else the metrics token.
      security: [{}, { metricsToken: [] }],
      parameters: [],
      responses: {
        '200': {
          description: route.contract.description,
          content: { [route.contract.mediaType ?? 'text/plain']: { schema: answerSchema(route.contract.answer) } },
        },
        '404': envelopeError('Not from this host and without the metrics token'),
        ...headersTooLarge,
      },
    },
  };
}

function operation(route: Route): JsonSchema {
  const { policy } = route;
  const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const errors = otherResponses(route);
  if (route.path === '/api/health') errors['503'] = healthUnavailable;
  if (route.path === '/api/health/ready') errors['503'] = notReady;
  const operationId = operationIdOf(route.method, route.path);
  return {
    operationId,
    summary: route.contract.summary,
    tags: [TAGS[route.contract.tag].name],
    ...(policy && { description: `Needs the "${policy.action}" permission on module "${policy.module}".` }),
    // Public operations say so: an empty list, not a missing one.
    security: route.auth ? [{ bearer: [] }] : [],
    parameters: [
      ...pathParameters,
      ...queryParameters(route.schemas?.query),
      ...(route.conditional ? [ifMatchParameter] : []),
      ...(route.idempotent ? [idempotencyKeyParameter] : []),
      ...(route.contract.asksProofOfWork ? [proofOfWorkParameter] : []),
    ],
    ...(route.schemas?.body && {
      requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.schemas.body) } } },
    }),
    responses: { ...successResponse(route), ...errors },
  };
}

/** The session an access level asks for: a staff member's (403 for others), anyone's, or none. */
const AUTH_OF: Record<Access, Route['auth']> = {
  public: undefined,
  user: 'user',
  signInStarted: 'user',
  staffSignInStarted: 'admin',
  admin: 'admin',
};

function routeOf(entry: Operation): Route {
  const path = entry.path.replace(/:(\w+)/g, '{$1}');
  return {
    contract: entry,
    method: entry.method,
    path,
    schemas: { params: entry.params, query: entry.query, body: entry.body },
    auth: AUTH_OF[entry.access],
    policy: entry.module && entry.action ? { module: entry.module, action: entry.action } : undefined,
    conditional: entry.ifMatch === true,
    idempotent: WRITE_METHODS.has(entry.method) && entry.idempotent !== false,
    hasPathParameters: path.includes('{'),
    bodyLimitMb: entry.bodyLimitMb,
  };
}

const sharedComponents = {
  securitySchemes: {
    bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token a sign-in returns' },
    metricsToken: { type: 'http', scheme: 'bearer', description: "The server's METRICS_TOKEN, not a user's token" },
  },
  responses: {
    TooManyRequests: envelopeError('Throttled: try again after Retry-After seconds', retryAfterHeader),
    InternalError: envelopeError('An unexpected fault: code internal_error, with a generic message'),
    Unavailable: envelopeError(
      'The database is unreachable or too busy now (a write saved nothing): try again after Retry-After',
      retryAfterHeader,
    ),
    InsufficientStorage: envelopeError('The database has no room to store the change'),
    HeadersTooLarge: {
      description: "The request's headers are over the server's limit (16 KB): refused before the API, no body",
    },
    IdempotencyKeyReused: envelopeError(
      `code "idempotency_key_reused": ${IDEMPOTENCY_KEY_REUSED} Nothing was changed.`,
    ),
  },
};

function componentSchemas(): Record<string, JsonSchema> {
  const entities = Object.entries(ENTITY_SCHEMAS).map(([name, schema]): [string, JsonSchema] => [
    name,
    answerSchema(schema, name as EntityName),
  ]);
  return { ErrorEnvelope: errorEnvelopeSchema, ...Object.fromEntries(entities) };
}

/** The document of the operations of the route table, in its order. */
export function buildOpenApi(operations: readonly Operation[]): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of operations.map(routeOf)) {
    if (route.contract.beforeRouter) {
      paths[route.path] = beforeRouterPath(route);
      continue;
    }
    paths[route.path] ??= {};
    paths[route.path]![route.method] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${organisationName} API`,
      version: '1.0.0',
      description:
        'Answers are JSON (the metrics are Prometheus text, the calendar files iCalendar, a 304 has no body). A path no operation has answers 404 in the error envelope ' +
        '(code not_found); a path with a method it does not take answers 405 in the error envelope (code method_not_allowed), with Allow listing the methods it takes.',
      contact: { name: organisationName, url: '/connect' },
      // All rights reserved: the terms of service say what integrators may do.
      license: { name: 'Proprietary', url: '/terms-of-service' },
    },
    servers: [{ url: '/' }],
    tags: TAG_LIST,
    components: { ...sharedComponents, schemas: componentSchemas() },
    paths,
  };
}
