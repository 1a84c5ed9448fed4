/**
 * OpenAPI 3.1 built from the running router: every route's method and path, the shared zod schemas
 * its validate middleware holds, and its place in the policy table. Nothing is declared twice, so
 * the description cannot drift from the code.
 */
import type Router from '@koa/router';
import { organisationName } from '@npo/shared';
import { z, type ZodType } from 'zod';
import { EDIT_CONFLICT, IF_MATCH_FORMAT } from './errors.js';
import { precondition } from './middleware/precondition.js';
import { schemasOf } from './middleware/validate.js';
import type { AdminRoute } from './policy.js';
import { authRequirementOf } from './middleware/session.js';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
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

const envelopeError = {
  description: 'Error envelope',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['success', 'message'],
        properties: {
          success: { const: false },
          message: { type: 'string' },
          code: { type: 'string' },
          errors: {
            type: 'array',
            items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
          },
        },
      },
    },
  },
};

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

const errorEnvelopeSchema = envelopeError.content['application/json'].schema;

const editConflictAnswer = {
  description: `code "edit_conflict" (${EDIT_CONFLICT}) with \`current\`, the item as it is now; or code "conflict" when a rule refuses the change.`,
  headers: { ETag: { description: 'The current revision of the item', schema: { type: 'string' } } },
  content: {
    'application/json': {
      schema: {
        ...errorEnvelopeSchema,
        properties: {
          ...errorEnvelopeSchema.properties,
          code: { enum: ['edit_conflict', 'conflict'] },
          current: { type: 'object', description: 'With edit_conflict: the item as GET and the list show it now' },
        },
      },
    },
  },
};

/** The parts of an operation that If-Match adds: the header, the ETag of a success, the 409 and the 400. */
function preconditionParts() {
  return {
    parameters: [ifMatchParameter],
    responses: {
      '200': {
        description:
          'Success envelope: { success: true, data, message? }; when data is the item, ETag is its new revision',
        headers: { ETag: { description: "The item's revision, for the next If-Match", schema: { type: 'string' } } },
      },
      '400': envelopeError,
      '404': envelopeError,
      '409': editConflictAnswer,
    },
  };
}

export function buildOpenApi(router: Router, adminRoutes: AdminRoute[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const layer of router.stack) {
    const methods = layer.methods.filter((method) => method !== 'HEAD');
    if (methods.length === 0) continue;
    if (typeof layer.path !== 'string') continue;
    const routePath = layer.path;
    const schemas = layer.stack.map(schemasOf).find(Boolean);
    const auth = layer.stack.map(authRequirementOf).find(Boolean);
    const conditional = layer.stack.includes(precondition) ? preconditionParts() : undefined;
    const path = routePath.replace(/:(\w+)/g, '{$1}');
    const pathParameters = [...routePath.matchAll(/:(\w+)/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    for (const method of methods.map((m) => m.toLowerCase())) {
      const policy = adminRoutes.find((route) => route.method === method && route.path === routePath);
      paths[path] ??= {};
      paths[path][method] = {
        operationId: `${method}${path.replace(/[^a-zA-Z0-9]+(\w)/g, (_match: string, char: string) => char.toUpperCase())}`,
        tags: [path.split('/')[path.startsWith('/api/admin') ? 3 : 2] ?? 'api'],
        ...(policy && { description: `Needs the "${policy.action}" permission on module "${policy.module}".` }),
        ...(auth && { security: [{ bearer: [] }] }),
        parameters: [...pathParameters, ...queryParameters(schemas?.query), ...(conditional?.parameters ?? [])],
        ...(schemas?.body && {
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(schemas.body) } } },
        }),
        responses: {
          '200': { description: 'Success envelope: { success: true, data, message? }' },
          ...(schemas?.body && { '400': envelopeError }),
          ...(auth && { '401': envelopeError, '403': envelopeError }),
          ...conditional?.responses,
        },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: `${organisationName} API`, version: '1.0.0' },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
