/** One place that turns every thrown error into the envelope of DESIGN.md. */
import type { ErrorEnvelope, FieldError } from '@npo/shared';
import type { Context, Middleware } from 'koa';
import { ZodError } from 'zod';
import { classifyDbFault, type DbFault } from '../db/faults.js';
import {
  AppError,
  conflict,
  EditConflictError,
  ProofOfWorkRequiredError,
  payloadTooLarge,
  serviceUnavailable,
  storageFull,
  validationError,
} from '../errors.js';
import type { Logger } from '../lib/logger.js';

export function zodFieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
}

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  expose?: boolean;
  message?: string;
}

/** SQLite and PostgreSQL name a unique-key violation differently. */
function isUniqueViolation(error: HttpLikeError): boolean {
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationError(zodFieldErrors(error));
  const httpError = (error ?? {}) as HttpLikeError;
  const status = httpError.status ?? httpError.statusCode;
  if (status === 413 || httpError.type === 'entity.too.large') return payloadTooLarge();
  // co-body marks unparseable JSON with status 400 (a SyntaxError) or type entity.parse.failed.
  if (httpError.type === 'entity.parse.failed' || (error instanceof SyntaxError && status === 400)) {
    return new AppError(400, 'malformed_body', 'Malformed JSON body');
  }
  if (isUniqueViolation(httpError)) return conflict('This record already exists.');
  if (status && status >= 400 && status < 500 && httpError.expose) {
    return new AppError(status, 'bad_request', httpError.message ?? 'Bad request');
  }
  return null;
}

function envelopeOf(error: AppError): ErrorEnvelope {
  return {
    success: false,
    code: error.code,
    message: error.message,
    ...(error.errors && { errors: error.errors }),
    ...(error instanceof EditConflictError && { current: error.current }),
    ...(error instanceof ProofOfWorkRequiredError && { challenge: error.challenge }),
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function faultAnswer(fault: DbFault, method: string): AppError {
  return fault.kind === 'storage_full' ? storageFull() : serviceUnavailable(!SAFE_METHODS.has(method));
}

/**
 * The operator needs the engine's code to act; the visitor must not see it. The error's message is
 * left out of the log as well: Knex puts the SQL with its values (e-mails, messages) in it.
 */
function logFault(logger: Logger, fault: DbFault, requestId: unknown): void {
  const entry = { requestId, dbCode: fault.dbCode, fault: fault.kind };
  if (fault.kind === 'storage_full') logger.error(entry, 'write refused: database storage is full');
  else if (fault.kind === 'timed_out') logger.warn(entry, 'query stopped at the statement timeout');
  else logger.warn(entry, 'database unavailable');
}

/**
 * Sets the envelope answer of a thrown error on ctx. The error handler's work, also done by the
 * idempotency middleware, which needs the answer (not the error) to decide what to remember.
 */
export function answerError(ctx: Context, error: unknown, logger: Logger): void {
  const fault = error instanceof AppError ? null : classifyDbFault(error);
  if (fault) logFault(logger, fault, ctx.state.requestId);
  const known = fault ? faultAnswer(fault, ctx.method) : toAppError(error);
  const body: ErrorEnvelope = known
    ? envelopeOf(known)
    : { success: false, code: 'internal_error', message: 'Something went wrong on our side. Please try again.' };
  ctx.status = known?.status ?? 500;
  ctx.set(known?.headers ?? {});
  ctx.body = body;
  if (!known) logger.error({ err: error, requestId: ctx.state.requestId }, 'unhandled error');
}

export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      answerError(ctx, error, logger);
    }
  };
}
