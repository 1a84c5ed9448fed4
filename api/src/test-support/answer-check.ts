/**
 * Checks an answer of the API against its route's contract (shared/src/api/route-schemas.ts), with
 * the route's own zod schema: a success's envelope and `data` (or the body itself, for a raw answer),
 * an error's envelope. The entities are strict objects, so a field a presenter sends without its
 * schema declaring it is a problem, as is a field of the wrong type or a missing one. The test app
 * runs it on every answer (test-app.ts), on both engines.
 */
import { API_OPERATIONS, type Operation } from '@npo/shared';
import { z, type ZodType } from 'zod';

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  // The router ignores one trailing slash.
  return new RegExp(`^${escaped.replace(/:\w+/g, '[^/]+')}/?$`);
}

const PLACED = API_OPERATIONS.map((operation) => ({ operation, pattern: pathPattern(operation.path) }));

/** Like the router: the first route of the table (its registration order) with the method and path. */
export function operationFor(method: string, url: string): Operation | undefined {
  const path = url.split('?')[0]!;
  const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  return PLACED.find(({ operation, pattern }) => operation.method === verb && pattern.test(path))?.operation;
}

/** DESIGN's error envelope, as every refusal answers it. */
export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  current: z.unknown().optional(),
  challenge: z.unknown().optional(),
});

const envelopes = new WeakMap<ZodType, ZodType>();

/** The success envelope around a route's answer (built once per route). */
function successEnvelope(answer: ZodType): ZodType {
  let envelope = envelopes.get(answer);
  if (!envelope) {
    envelope = z.strictObject({ success: z.literal(true), data: answer, message: z.string().optional() });
    envelopes.set(answer, envelope);
  }
  return envelope;
}

/** The schema an answer of this status must match; undefined where nothing is to be checked. */
function schemaFor(operation: Operation, status: number): ZodType | undefined {
  // A download's body is not JSON; a raw answer's errors (health's 503) are its own bodies.
  if (operation.mediaType && status < 300) return undefined;
  if (status >= 200 && status < 300) return operation.raw ? operation.answer : successEnvelope(operation.answer);
  if (status >= 400 && !operation.raw) return errorEnvelope;
  return undefined;
}

function describe(issue: z.core.$ZodIssue): string {
  const at = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
  return `$${at}: ${issue.message}`;
}

/**
 * What is wrong with this answer of `operation` (an empty list when nothing is). `body` is the parsed
 * JSON; undefined (a HEAD, a 304) is not checked.
 */
export function answerProblemsOf(operation: Operation, status: number, body: unknown): string[] {
  const schema = schemaFor(operation, status);
  if (!schema || body === undefined) return [];
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.map(describe);
}

/** What is wrong with this answer; an empty list too when no route of the table took the request. */
export function answerProblems(method: string, url: string, status: number, body: unknown): string[] {
  const operation = operationFor(method, url);
  return operation ? answerProblemsOf(operation, status, body) : [];
}
