import { canonicalJson } from '../canonical-json.ts';
import {
  ConflictError,
  ForbiddenError,
  IdempotencyKeyReusedError,
  InsufficientAccessError,
  NotFoundError,
  PayloadTooLargeError,
  PaymentRequiredError,
  PreconditionFailedError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from '../errors.ts';
import { errorResponses, FlatError, NestedError } from './error-schemas.ts';
import { ERROR_CODES, type ErrorCode, errorBody, internalError } from './errors.ts';
import { cleanSchema, exampleId, type JsonSchema } from './openapi-schema.ts';

interface NamedExample {
  summary: string;
  value: Record<string, unknown>;
}

/**
 * Examples of each error status, rendered from the same domain errors the server answers with, so an
 * example cannot disagree with a real response body.
 */
const EXAMPLES: Record<number, Record<string, NamedExample>> = {
  400: {
    invalidBody: {
      summary: 'Every problem with the request, listed at once',
      value: errorBody(
        new ValidationError('The request is invalid', [
          { message: 'body.name: is required' },
          { message: 'body.num_participant: unknown field' },
          { message: 'querystring.limit: must be <= 100' },
        ]),
      ),
    },
  },
  401: {
    missingKey: {
      summary: 'No Authorization header (nested envelope)',
      value: errorBody(
        new UnauthorizedError(
          'Missing API key: include the header "Authorization: Bearer <API_KEY>"',
        ),
      ),
    },
    revokedKey: {
      summary: 'A revoked key',
      value: errorBody(new UnauthorizedError('This API key has been revoked')),
    },
  },
  402: {
    insufficientFunds: {
      summary: 'Balance plus overdraft does not cover the launch',
      value: errorBody(
        new PaymentRequiredError(
          'Insufficient balance to launch',
          'https://cohort.example.com/dashboard/finance',
          [{ message: 'total_cost_cents 90000 exceeds the 50000 cents available' }],
        ),
      ),
    },
  },
  403: {
    insufficientAccess: {
      summary: 'The key’s role lacks the permission (flat envelope, top-level code)',
      value: errorBody(
        new InsufficientAccessError('Insufficient access', [
          { message: 'A viewer key cannot perform this operation' },
        ]),
      ),
    },
    organizationBanned: {
      summary: 'The owning organization is banned or deleted (nested envelope)',
      value: errorBody(new ForbiddenError('The organization owning this key is banned')),
    },
  },
  404: {
    unknownId: {
      summary: 'An unknown id, or an id of another organization',
      value: errorBody(new NotFoundError('Project', exampleId('project'))),
    },
  },
  409: {
    wrongState: {
      summary: 'The resource is not in a state that allows the operation',
      value: errorBody(
        new ConflictError(`Opportunity ${exampleId('opportunity')} is active`, [
          { message: 'Only a draft opportunity can be changed or deleted' },
        ]),
      ),
    },
    idempotencyKeyInFlight: {
      summary: 'A POST with the same Idempotency-Key has not been answered yet',
      value: errorBody(
        new ConflictError('A request with this Idempotency-Key is still in progress', [
          {
            message:
              'headers.idempotency-key: the first request with this key has not been answered yet; retry after it finishes to get its response',
          },
        ]),
      ),
    },
  },
  412: {
    receiverRefused: {
      summary: 'The receiver did not answer the signed ping with a 2xx',
      value: errorBody(
        new PreconditionFailedError(
          'Webhook confirmation failed',
          'The receiver answered 500 to the signed ping',
          [{ message: 'The receiver answered 500' }],
        ),
      ),
    },
  },
  413: {
    bodyTooLarge: {
      summary: 'A body over 1 MiB',
      value: errorBody(
        new PayloadTooLargeError('The request body is too large', [
          { message: 'Request body is too large' },
        ]),
      ),
    },
  },
  422: {
    keyReused: {
      summary: 'The Idempotency-Key was first used with another method, path or body',
      value: errorBody(
        new IdempotencyKeyReusedError('This Idempotency-Key was already used for another request', [
          {
            message:
              'headers.idempotency-key: the same key was sent with a different method, path or body in the last 24 hours; use a new key for a new request',
          },
        ]),
      ),
    },
  },
  429: {
    rateLimited: {
      summary: 'Over the per-key limit (nested envelope); Retry-After says how long to wait',
      value: errorBody(new RateLimitedError(61)),
    },
  },
  500: {
    internal: {
      summary: 'Something failed on the server; the request id helps the operator find it',
      value: errorBody(internalError('req-1a')),
    },
  },
};

/** Component names of the error responses, one per status. */
const NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  412: 'PreconditionFailed',
  413: 'PayloadTooLarge',
  422: 'IdempotencyKeyReused',
  429: 'RateLimited',
  500: 'InternalServerError',
};

export const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': {
    description: 'Requests a key may make before it must be quiet for more than 60 seconds',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requests left before the limit',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the count starts over',
    schema: { type: 'integer' },
  },
} as const;

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Whole seconds to wait before the next request is accepted',
    schema: { type: 'integer' },
  },
} as const;

const ALL_CODES = Object.keys(ERROR_CODES) as ErrorCode[];

/** What errorResponses() produces for each status, so a route that uses it can be recognized. */
const CANONICAL = new Map<number, string>(
  Object.entries(errorResponses(...ALL_CODES)).map(([status, schema]) => [
    Number(status),
    canonicalJson(cleanSchema(schema)),
  ]),
);

/**
 * The component name for a route's error response when it is exactly what errorResponses() makes
 * for that status; a route that describes its own error body gets it inline instead.
 */
export function sharedErrorResponse(status: number, schema: unknown): string | undefined {
  const name = NAMES[status];
  if (!name) return undefined;
  return CANONICAL.get(status) === canonicalJson(cleanSchema(schema)) ? name : undefined;
}

export function errorExamples(status: number): Record<string, NamedExample> | undefined {
  return EXAMPLES[status];
}

const withoutDescription = (schema: unknown) => {
  const { description: _, ...rest } = cleanSchema(schema);
  return canonicalJson(rest);
};
const ENVELOPES = [FlatError, NestedError].map((envelope) => ({
  envelope,
  meaning: withoutDescription(envelope),
}));

/**
 * errorResponses() copies an envelope to give it a status description; this finds the envelope
 * again so the component refers to it by name.
 */
function envelopeSchema(schema: Record<string, unknown>): unknown {
  if (Array.isArray(schema.anyOf)) return { anyOf: schema.anyOf };
  const meaning = withoutDescription(schema);
  return ENVELOPES.find((e) => e.meaning === meaning)?.envelope ?? schema;
}

/** components.responses: one entry per error status, with its schema, headers and examples. */
export function errorResponseComponents(toSchema: (schema: unknown) => JsonSchema) {
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(errorResponses(...ALL_CODES))) {
    const code = Number(status);
    const name = NAMES[code];
    if (!name) continue;
    const described = schema as { description: string } & Record<string, unknown>;
    responses[name] = {
      description: described.description,
      ...(code === 429 ? { headers: { ...RETRY_AFTER, ...RATE_LIMIT_HEADERS } } : {}),
      content: {
        'application/json': {
          schema: toSchema(envelopeSchema(described)),
          examples: EXAMPLES[code],
        },
      },
    };
  }
  return responses;
}
