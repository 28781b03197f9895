import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The closed set of error codes Cohort answers with. Each code has exactly one status and one
 * envelope: the contract shows some errors nested under `error` and others flat.
 */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, envelope: 'flat' },
  UNAUTHORIZED: { status: 401, envelope: 'nested' },
  PAYMENT_REQUIRED: { status: 402, envelope: 'flat' },
  /** Banned or deleted organization (contract 5.4a). */
  FORBIDDEN: { status: 403, envelope: 'nested' },
  /** The key's role lacks the permission (contract 5.4b): flat, code FORBIDDEN. */
  INSUFFICIENT_ACCESS: { status: 403, envelope: 'flat' },
  NOT_FOUND: { status: 404, envelope: 'flat' },
  CONFLICT: { status: 409, envelope: 'flat' },
  PRECONDITION_FAILED: { status: 412, envelope: 'flat' },
  PAYLOAD_TOO_LARGE: { status: 413, envelope: 'flat' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, envelope: 'flat' },
  RATE_LIMITED: { status: 429, envelope: 'nested' },
  INTERNAL_SERVER_ERROR: { status: 500, envelope: 'flat' },
} as const satisfies Record<string, { status: number; envelope: 'flat' | 'nested' }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface Issue {
  message: string;
}

/** Codes whose wire `code` differs from the internal one. */
const WIRE_CODE: Partial<Record<ErrorCode, string>> = { INSUFFICIENT_ACCESS: 'FORBIDDEN' };

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly issues: Issue[];
  /** Extra top-level fields of flat bodies (finance_url on 402, reason on 412). */
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      issues?: Issue[];
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.issues = options.issues ?? [];
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  body(): Record<string, unknown> {
    const code = WIRE_CODE[this.code] ?? this.code;
    if (ERROR_CODES[this.code].envelope === 'nested') {
      return { error: { code, message: this.message } };
    }
    return { code, message: this.message, issues: this.issues, ...this.extra };
  }
}

export const badRequest = (message: string, issues: Issue[] = [{ message }]) =>
  new ApiError('BAD_REQUEST', message, { issues });

export const notFound = (what: string, id: string) =>
  new ApiError('NOT_FOUND', `${what} ${id} not found`, {
    issues: [{ message: `No ${what.toLowerCase()} with id ${id} exists in this organization` }],
  });

export const conflict = (message: string, issues: Issue[] = [{ message }]) =>
  new ApiError('CONFLICT', message, { issues });

/** Throws one 400 listing every problem, when there is any. */
export function assertNoIssues(issues: Issue[], message = 'The request is invalid'): void {
  if (issues.length > 0) throw badRequest(message, issues);
}

interface AjvIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

export function describeValidationIssue(context: string | undefined, issue: AjvIssue): string {
  const where = [context, ...(issue.instancePath ?? '').split('/').filter(Boolean)]
    .filter(Boolean)
    .join('.');
  if (issue.keyword === 'additionalProperties' && issue.params?.additionalProperty) {
    return `${where ? `${where}.` : ''}${String(issue.params.additionalProperty)}: unknown field`;
  }
  if (issue.keyword === 'required' && issue.params?.missingProperty) {
    return `${where ? `${where}.` : ''}${String(issue.params.missingProperty)}: is required`;
  }
  return `${where || 'request'}: ${issue.message ?? 'is invalid'}`;
}

function toApiError(error: FastifyError): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error.validation) {
    const issues = error.validation.map((issue) => ({
      message: describeValidationIssue(error.validationContext, issue as AjvIssue),
    }));
    const unique = [...new Map(issues.map((issue) => [issue.message, issue])).values()];
    return badRequest('The request is invalid', unique);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large', {
        issues: [{ message: error.message }],
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return badRequest('Unsupported content type: send the body as application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest('The JSON body is empty: send {} when there is nothing to say');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest(`The request body is not valid JSON: ${error.message}`);
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return badRequest(`The request is invalid: ${error.message}`);
  }
  if (error.statusCode === 413) {
    return new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large');
  }
  if (error.statusCode === 415) {
    return badRequest('Unsupported content type: send the body as application/json');
  }
  return undefined;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const apiError = toApiError(error);
  if (apiError) {
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(apiError.status).headers(apiError.headers).send(apiError.body());
  }
  request.log.error({ err: error }, 'unhandled error');
  const internal = new ApiError('INTERNAL_SERVER_ERROR', 'Internal server error', {
    issues: [{ message: `Something went wrong on our side; request id ${request.id}` }],
  });
  return reply.code(500).send(internal.body());
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const error = new ApiError('NOT_FOUND', `Route ${request.method} ${request.url} not found`, {
    issues: [{ message: 'No such endpoint; see GET /v2/openapi.json for the routes' }],
  });
  return reply.code(404).send(error.body());
}
