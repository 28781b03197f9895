/**
 * The closed set of errors a use case, a job or the CLI may throw. They name what went wrong in
 * the contract's words and carry the details a response body shows (issues, finance_url, reason);
 * they know no status code. src/platform/http/errors.ts is the one place that maps each `code` to
 * a status and an envelope, and a check there fails to compile when a class is added here without
 * a mapping.
 *
 * A lost compare-and-set is not one of these: the function that does it returns a result the
 * caller tests, and only a use case that must refuse the request turns it into a ConflictError.
 */

/** One problem with a request; a ValidationError lists every one at once. */
export interface Issue {
  message: string;
}

const one = (message: string): Issue[] => [{ message }];

/** The input is invalid: every problem is listed in `issues`. */
export class ValidationError extends Error {
  readonly code = 'BAD_REQUEST';
  readonly issues: Issue[];
  constructor(message: string, issues: Issue[] = one(message)) {
    super(message);
    this.name = 'ValidationError';
    this.issues = issues;
  }
}

/** Throws one ValidationError listing every problem, when there is any. */
export function assertNoIssues(issues: Issue[], message = 'The request is invalid'): void {
  if (issues.length > 0) throw new ValidationError(message, issues);
}

/** Missing, malformed, invalid, revoked or expired credentials. */
export class UnauthorizedError extends Error {
  readonly code = 'UNAUTHORIZED';
  readonly issues: Issue[] = [];
  constructor(message: string) {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

/** The balance plus overdraft does not cover the cost; `financeUrl` is where to add credit. */
export class PaymentRequiredError extends Error {
  readonly code = 'PAYMENT_REQUIRED';
  readonly issues: Issue[];
  readonly financeUrl: string;
  constructor(message: string, financeUrl: string, issues: Issue[] = one(message)) {
    super(message);
    this.name = 'PaymentRequiredError';
    this.issues = issues;
    this.financeUrl = financeUrl;
  }
}

/** The account acting is banned or deleted (README, "Authentication"). */
export class ForbiddenError extends Error {
  readonly code = 'FORBIDDEN';
  readonly issues: Issue[] = [];
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenError';
  }
}

/** The key's role lacks the permission (README, "Authentication"). */
export class InsufficientAccessError extends Error {
  readonly code = 'INSUFFICIENT_ACCESS';
  readonly issues: Issue[];
  constructor(message: string, issues: Issue[] = one(message)) {
    super(message);
    this.name = 'InsufficientAccessError';
    this.issues = issues;
  }
}

/** No such thing, or one of another organization: "`what` `id` not found". */
export class NotFoundError extends Error {
  readonly code = 'NOT_FOUND';
  readonly issues: Issue[];
  constructor(
    what: string,
    id: string,
    issues: Issue[] = one(`No ${what.toLowerCase()} with id ${id} exists in this organization`),
  ) {
    super(`${what} ${id} not found`);
    this.name = 'NotFoundError';
    this.issues = issues;
  }
}

/** The resource is not in a state that allows the operation. */
export class ConflictError extends Error {
  readonly code = 'CONFLICT';
  readonly issues: Issue[];
  constructor(message: string, issues: Issue[] = one(message)) {
    super(message);
    this.name = 'ConflictError';
    this.issues = issues;
  }
}

/** A condition outside the request failed (a webhook receiver refused the ping); `reason` says why. */
export class PreconditionFailedError extends Error {
  readonly code = 'PRECONDITION_FAILED';
  readonly issues: Issue[];
  readonly reason: string;
  constructor(message: string, reason: string, issues: Issue[] = one(reason)) {
    super(message);
    this.name = 'PreconditionFailedError';
    this.issues = issues;
    this.reason = reason;
  }
}

export class PayloadTooLargeError extends Error {
  readonly code = 'PAYLOAD_TOO_LARGE';
  readonly issues: Issue[];
  constructor(message: string, issues: Issue[] = []) {
    super(message);
    this.name = 'PayloadTooLargeError';
    this.issues = issues;
  }
}

/** The Idempotency-Key was first used with another method, path or body. */
export class IdempotencyKeyReusedError extends Error {
  readonly code = 'IDEMPOTENCY_KEY_REUSED';
  readonly issues: Issue[];
  constructor(message: string, issues: Issue[] = one(message)) {
    super(message);
    this.name = 'IdempotencyKeyReusedError';
    this.issues = issues;
  }
}

/** Over the per-key limit; `retryAfterSeconds` is how long to wait. */
export class RateLimitedError extends Error {
  readonly code = 'RATE_LIMITED';
  readonly issues: Issue[] = [];
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`Rate limit exceeded: retry in ${retryAfterSeconds} seconds`);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Every domain error; `code` tells them apart. */
export type DomainError =
  | ValidationError
  | UnauthorizedError
  | PaymentRequiredError
  | ForbiddenError
  | InsufficientAccessError
  | NotFoundError
  | ConflictError
  | PreconditionFailedError
  | PayloadTooLargeError
  | IdempotencyKeyReusedError
  | RateLimitedError;

export type DomainErrorCode = DomainError['code'];

const DOMAIN_ERRORS = [
  ValidationError,
  UnauthorizedError,
  PaymentRequiredError,
  ForbiddenError,
  InsufficientAccessError,
  NotFoundError,
  ConflictError,
  PreconditionFailedError,
  PayloadTooLargeError,
  IdempotencyKeyReusedError,
  RateLimitedError,
] as const;

export function isDomainError(error: unknown): error is DomainError {
  return DOMAIN_ERRORS.some((type) => error instanceof type);
}
