import { Type } from 'typebox';
import { ERROR_CODES, type ErrorCode } from './errors.ts';

const IssueSchema = Type.Object({ message: Type.String() });

export const FlatError = Type.Object(
  {
    code: Type.String(),
    message: Type.String(),
    issues: Type.Array(IssueSchema),
  },
  { additionalProperties: true, description: 'Flat error envelope' },
);

export const NestedError = Type.Object(
  {
    error: Type.Object({ code: Type.String(), message: Type.String() }),
  },
  { description: 'Nested error envelope' },
);

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: every problem is listed in issues',
  401: 'Missing, invalid, revoked or expired API key',
  402: 'The balance plus overdraft does not cover the cost',
  403: 'Banned or deleted organization (nested), or insufficient access (flat)',
  404: 'Unknown id, or an id of another organization',
  409: 'The resource is not in a state that allows this',
  412: 'Webhook confirmation failed; reason says why',
  413: 'The request body is too large',
  422: 'The Idempotency-Key was used with another body',
  429: 'Rate limited; Retry-After holds the seconds to wait',
  500: 'Internal error',
};

/**
 * Response schemas for the error statuses a route can return. Every route gets 401, 403, 429 and
 * 500 (docs/api/errors.md); callers add what else applies.
 */
export function errorResponses(...codes: ErrorCode[]) {
  const statuses = new Set<number>([
    401,
    403,
    429,
    500,
    ...codes.map((c) => ERROR_CODES[c].status),
  ]);
  const responses: Record<number, unknown> = {};
  for (const status of statuses) {
    const nestedOnly = status === 401 || status === 429;
    const schema =
      status === 403 ? Type.Union([NestedError, FlatError]) : nestedOnly ? NestedError : FlatError;
    responses[status] = { ...schema, description: DESCRIPTIONS[status] ?? 'Error' };
  }
  return responses;
}
