/**
 * An answer of the Cohort API other than 2xx, as the helpers raise it. Both of the contract's
 * envelopes are read: flat `{code, message, issues}` and nested `{error: {code, message}}`.
 */
export class CohortApiError extends Error {
  override name = 'CohortApiError';
  readonly status: number;
  /** `BAD_REQUEST`, `NOT_FOUND`, `CONFLICT`, `RATE_LIMITED`, ... */
  readonly code: string;
  /** Every problem the API listed (a 400 lists all of them at once). */
  readonly issues: { message: string }[];
  /** The response body as sent. */
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const envelope = readEnvelope(body);
    const message = envelope.message ?? `Cohort API answered ${status}`;
    const listed = envelope.issues.map((issue) => issue.message).join('; ');
    super(listed && !message.includes(listed) ? `${message}: ${listed}` : message);
    this.status = status;
    this.code = envelope.code ?? `HTTP_${status}`;
    this.issues = envelope.issues;
    this.body = body;
  }
}

/** A wait (feasibility polling) that ran out of time; `last` is the last value read. */
export class CohortTimeoutError<T = unknown> extends Error {
  override name = 'CohortTimeoutError';
  readonly last: T;

  constructor(message: string, last: T) {
    super(message);
    this.last = last;
  }
}

function readEnvelope(body: unknown): {
  code?: string;
  message?: string;
  issues: { message: string }[];
} {
  if (typeof body !== 'object' || body === null) {
    return { message: typeof body === 'string' && body ? body : undefined, issues: [] };
  }
  const record = body as Record<string, unknown>;
  const nested = record.error;
  const source =
    typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>) : record;
  const issues = Array.isArray(record.issues)
    ? record.issues.filter(
        (issue): issue is { message: string } =>
          typeof issue === 'object' && issue !== null && typeof issue.message === 'string',
      )
    : [];
  return {
    code: typeof source.code === 'string' ? source.code : undefined,
    message: typeof source.message === 'string' ? source.message : undefined,
    issues,
  };
}
