import { errorResponses, FlatError, NestedError } from './error-schemas.ts';
import { ApiError, conflict, ERROR_CODES, type ErrorCode, notFound } from './errors.ts';
import { canonicalJson, cleanSchema, exampleId, type JsonSchema } from './openapi-schema.ts';

interface NamedExample {
  summary: string;
  value: Record<string, unknown>;
}

/**
 * Examples of each error status, made by the same ApiError code the server answers with, so an
 * example cannot disagree with a real response body.
 */
const EXAMPLES: Record<number, Record<string, NamedExample>> = {
  400: {
    invalidBody: {
      summary: 'Every problem with the request, listed at once',
      value: new ApiError('BAD_REQUEST', 'The request is invalid', {
        issues: [
          { message: 'body.name: is required' },
          { message: 'body.num_participant: unknown field' },
          { message: 'querystring.limit: must be <= 100' },
        ],
      }).body(),
    },
  },
  401: {
    missingKey: {
      summary: 'No Authorization header (nested envelope)',
      value: new ApiError(
        'UNAUTHORIZED',
        'Missing API key: include the header "Authorization: Bearer <API_KEY>"',
      ).body(),
    },
    revokedKey: {
      summary: 'A revoked key',
      value: new ApiError('UNAUTHORIZED', 'This API key has been revoked').body(),
    },
  },
  402: {
    insufficientFunds: {
      summary: 'Balance plus overdraft does not cover the launch',
      value: new ApiError('PAYMENT_REQUIRED', 'Insufficient balance to launch', {
        issues: [{ message: 'total_cost_cents 90000 exceeds the 50000 cents available' }],
        extra: { finance_url: 'https://cohort.example.com/dashboard/finance' },
      }).body(),
    },
  },
  403: {
    insufficientAccess: {
      summary: 'The key’s role lacks the permission (flat envelope, top-level code)',
      value: new ApiError('INSUFFICIENT_ACCESS', 'Insufficient access', {
        issues: [{ message: 'A viewer key cannot perform this operation' }],
      }).body(),
    },
    organizationBanned: {
      summary: 'The owning organization is banned or deleted (nested envelope)',
      value: new ApiError('FORBIDDEN', 'The organization owning this key is banned').body(),
    },
  },
  404: {
    unknownId: {
      summary: 'An unknown id, or an id of another organization',
      value: notFound('Project', exampleId('project')).body(),
    },
  },
  409: {
    wrongState: {
      summary: 'The resource is not in a state that allows the operation',
      value: conflict(`Opportunity ${exampleId('opportunity')} is active`, [
        { message: 'Only a draft opportunity can be changed or deleted' },
      ]).body(),
    },
    idempotencyKeyInFlight: {
      summary: 'A POST with the same Idempotency-Key has not been answered yet',
      value: conflict('A request with this Idempotency-Key is still in progress', [
        {
          message:
            'headers.idempotency-key: the first request with this key has not been answered yet; retry after it finishes to get its response',
        },
      ]).body(),
    },
  },
  412: {
    receiverRefused: {
      summary: 'The receiver did not answer the signed ping with a 2xx',
      value: new ApiError('PRECONDITION_FAILED', 'Webhook confirmation failed', {
        issues: [{ message: 'The receiver answered 500' }],
        extra: { reason: 'The receiver answered 500 to the signed ping' },
      }).body(),
    },
  },
  413: {
    bodyTooLarge: {
      summary: 'A body over 1 MiB',
      value: new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large', {
        issues: [{ message: 'Request body is too large' }],
      }).body(),
    },
  },
  422: {
    keyReused: {
      summary: 'The Idempotency-Key was first used with another method, path or body',
      value: new ApiError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for another request',
        {
          issues: [
            {
              message:
                'headers.idempotency-key: the same key was sent with a different method, path or body in the last 24 hours; use a new key for a new request',
            },
          ],
        },
      ).body(),
    },
  },
  429: {
    rateLimited: {
      summary: 'Over the per-key limit (nested envelope); Retry-After says how long to wait',
      value: new ApiError('RATE_LIMITED', 'Rate limit exceeded: retry in 61 seconds').body(),
    },
  },
  500: {
    internal: {
      summary: 'Something failed on the server; the request id helps the operator find it',
      value: new ApiError('INTERNAL_SERVER_ERROR', 'Internal server error', {
        issues: [{ message: 'Something went wrong on our side; request id req-1a' }],
      }).body(),
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
