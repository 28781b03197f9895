import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  type DomainError,
  type DomainErrorCode,
  isDomainError,
  NotFoundError,
  PayloadTooLargeError,
  PaymentRequiredError,
  PreconditionFailedError,
  RateLimitedError,
  ValidationError,
} from '../errors.ts';
import { type AjvIssue, describeValidationIssue } from './validation.ts';

/**
 * The one mapping from a domain error's code (src/platform/errors.ts) to its status and envelope:
 * the contract shows some errors nested under `error` and others flat.
 */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, envelope: 'flat' },
  UNAUTHORIZED: { status: 401, envelope: 'nested' },
  PAYMENT_REQUIRED: { status: 402, envelope: 'flat' },
  /** Banned or deleted organization: nested (docs/api/errors.md). */
  FORBIDDEN: { status: 403, envelope: 'nested' },
  /** The key's role lacks the permission: flat, code FORBIDDEN (docs/api/errors.md). */
  INSUFFICIENT_ACCESS: { status: 403, envelope: 'flat' },
  NOT_FOUND: { status: 404, envelope: 'flat' },
  CONFLICT: { status: 409, envelope: 'flat' },
  PRECONDITION_FAILED: { status: 412, envelope: 'flat' },
  PAYLOAD_TOO_LARGE: { status: 413, envelope: 'flat' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, envelope: 'flat' },
  RATE_LIMITED: { status: 429, envelope: 'nested' },
  INTERNAL_SERVER_ERROR: { status: 500, envelope: 'flat' },
  // Keyed by exactly the domain codes and the 500: a class added to src/platform/errors.ts without
  // a status here does not compile, and there is no default.
} as const satisfies Record<
  DomainErrorCode | 'INTERNAL_SERVER_ERROR',
  { status: number; envelope: 'flat' | 'nested' }
>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Codes whose wire `code` differs from the internal one. */
const WIRE_CODE: Partial<Record<ErrorCode, string>> = { INSUFFICIENT_ACCESS: 'FORBIDDEN' };

/** What a response is made of: a domain error, or the 500 that hides an internal one. */
type Rendered = Pick<DomainError, 'message' | 'issues'> & { code: ErrorCode };

export function errorStatus(error: Rendered): number {
  return ERROR_CODES[error.code].status;
}

/** The fields a flat body carries besides code, message and issues. */
function extraFields(error: Rendered): Record<string, unknown> {
  if (error instanceof PaymentRequiredError) return { finance_url: error.financeUrl };
  if (error instanceof PreconditionFailedError) return { reason: error.reason };
  return {};
}

/** The response body of an error: the contract's nested or flat envelope for its code. */
export function errorBody(error: Rendered): Record<string, unknown> {
  const code = WIRE_CODE[error.code] ?? error.code;
  if (ERROR_CODES[error.code].envelope === 'nested') {
    return { error: { code, message: error.message } };
  }
  // Each issue's English message only: a phrase is for pages (src/platform/errors.ts, Issue).
  const issues = error.issues.map((issue) => ({ message: issue.message }));
  return { code, message: error.message, issues, ...extraFields(error) };
}

function errorHeaders(error: Rendered): Record<string, string> {
  if (error instanceof RateLimitedError) return { 'retry-after': String(error.retryAfterSeconds) };
  return {};
}

/** The 500 body: nothing of the failure itself, only the request id to find it in the log. */
export function internalError(requestId: string): Rendered {
  return {
    code: 'INTERNAL_SERVER_ERROR',
    message: 'Internal server error',
    issues: [{ message: `Something went wrong on our side; request id ${requestId}` }],
  };
}

function toDomainError(error: FastifyError): DomainError | undefined {
  if (isDomainError(error)) return error;
  if (error.validation) {
    const issues = error.validation.map((issue) => ({
      message: describeValidationIssue(error.validationContext, issue as AjvIssue),
    }));
    const unique = [...new Map(issues.map((issue) => [issue.message, issue])).values()];
    return new ValidationError('The request is invalid', unique);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new PayloadTooLargeError('The request body is too large', [
        { message: error.message },
      ]);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ValidationError('Unsupported content type: send the body as application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ValidationError('The JSON body is empty: send {} when there is nothing to say');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ValidationError(`The request body is not valid JSON: ${error.message}`);
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return new ValidationError(`The request is invalid: ${error.message}`);
  }
  if (error.statusCode === 413) {
    return new PayloadTooLargeError('The request body is too large');
  }
  if (error.statusCode === 415) {
    return new ValidationError('Unsupported content type: send the body as application/json');
  }
  return undefined;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const domainError = toDomainError(error);
  if (domainError) {
    return reply
      .code(errorStatus(domainError))
      .headers(errorHeaders(domainError))
      .send(errorBody(domainError));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(errorBody(internalError(String(request.id))));
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const error = new NotFoundError('Route', `${request.method} ${request.url}`, [
    { message: 'No such endpoint; see GET /v2/openapi.json for the routes' },
  ]);
  return reply.code(404).send(errorBody(error));
}
