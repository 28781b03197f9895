import type { Phrase } from './i18n/catalog.ts';

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
  /** In English, as an API body shows it. */
  message: string;
  /** The same problem in any reader's language, where a participant's page shows it. */
  phrase?: Phrase;
}

/**
 * What an error or a problem says: English text, or a catalog phrase (src/platform/i18n/catalog.ts)
 * that says it in English to the API and in the participant's language on a page.
 */
export type Said = string | Phrase;

const english = (said: Said): string => (typeof said === 'string' ? said : said.english);

/** A problem a participant may read, in their language on a page. */
export function phraseIssue(phrase: Phrase): Issue {
  return { message: phrase.english, phrase };
}

const one = (said: Said): Issue[] =>
  typeof said === 'string' ? [{ message: said }] : [phraseIssue(said)];

/**
 * What every domain error carries: its `code` and the problems a flat body lists. Not exported, so
 * the classes below are the whole set.
 */
abstract class DomainErrorBase extends Error {
  abstract readonly code: string;
  readonly issues: Issue[];
  /** The message in any reader's language, when the error was raised with a catalog phrase. */
  readonly phrase: Phrase | undefined;
  constructor(message: Said, issues: Issue[]) {
    super(english(message));
    this.name = new.target.name;
    this.issues = issues;
    this.phrase = typeof message === 'string' ? undefined : message;
  }
}

/** The input is invalid: every problem is listed in `issues`. */
export class ValidationError extends DomainErrorBase {
  readonly code = 'BAD_REQUEST';
  constructor(message: Said, issues: Issue[] = one(message)) {
    super(message, issues);
  }
}

/** Throws one ValidationError listing every problem, when there is any. */
export function assertNoIssues(issues: Issue[], message: Said = 'The request is invalid'): void {
  if (issues.length > 0) throw new ValidationError(message, issues);
}

/** Missing, malformed, invalid, revoked or expired credentials. */
export class UnauthorizedError extends DomainErrorBase {
  readonly code = 'UNAUTHORIZED';
  constructor(message: string) {
    super(message, []);
  }
}

/** The balance plus overdraft does not cover the cost; `financeUrl` is where to add credit. */
export class PaymentRequiredError extends DomainErrorBase {
  readonly code = 'PAYMENT_REQUIRED';
  readonly financeUrl: string;
  constructor(message: string, financeUrl: string, issues: Issue[] = one(message)) {
    super(message, issues);
    this.financeUrl = financeUrl;
  }
}

/** The account acting is banned or deleted (docs/api/authentication.md). */
export class ForbiddenError extends DomainErrorBase {
  readonly code = 'FORBIDDEN';
  constructor(message: Said) {
    super(message, []);
  }
}

/** The key's role lacks the permission (docs/api/authentication.md). */
export class InsufficientAccessError extends DomainErrorBase {
  readonly code = 'INSUFFICIENT_ACCESS';
  constructor(message: string, issues: Issue[] = one(message)) {
    super(message, issues);
  }
}

/** No such thing, or one of another organization: "`what` `id` not found". */
export class NotFoundError extends DomainErrorBase {
  readonly code = 'NOT_FOUND';
  constructor(
    what: string,
    id: string,
    issues: Issue[] = one(`No ${what.toLowerCase()} with id ${id} exists in this organization`),
  ) {
    super(`${what} ${id} not found`, issues);
  }
}

/** The resource is not in a state that allows the operation. */
export class ConflictError extends DomainErrorBase {
  readonly code = 'CONFLICT';
  constructor(message: Said, issues: Issue[] = one(message)) {
    super(message, issues);
  }
}

/** A condition outside the request failed (a webhook receiver refused the ping); `reason` says why. */
export class PreconditionFailedError extends DomainErrorBase {
  readonly code = 'PRECONDITION_FAILED';
  readonly reason: string;
  constructor(message: string, reason: string, issues: Issue[] = one(reason)) {
    super(message, issues);
    this.reason = reason;
  }
}

export class PayloadTooLargeError extends DomainErrorBase {
  readonly code = 'PAYLOAD_TOO_LARGE';
  constructor(message: Said, issues: Issue[] = []) {
    super(message, issues);
  }
}

/** The Idempotency-Key was first used with another method, path or body. */
export class IdempotencyKeyReusedError extends DomainErrorBase {
  readonly code = 'IDEMPOTENCY_KEY_REUSED';
  constructor(message: string, issues: Issue[] = one(message)) {
    super(message, issues);
  }
}

/** Over the per-key limit; `retryAfterSeconds` is how long to wait. */
export class RateLimitedError extends DomainErrorBase {
  readonly code = 'RATE_LIMITED';
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`Rate limit exceeded: retry in ${retryAfterSeconds} seconds`, []);
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

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainErrorBase;
}
