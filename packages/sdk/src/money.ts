import type { Client } from 'openapi-fetch';
import { CohortApiError } from './errors.ts';
import { sleep as defaultSleep, type Sleep } from './retry.ts';
import type { components, paths } from './schema.ts';

type Schemas = components['schemas'];
export type BonusInput = Schemas['BonusInput'];
export type PaidBonuses = Schemas['PaidBonusesResponse'];
export type PayoutRunDetail = Schemas['PayoutRunDetail'];

export interface MoneyCallOptions {
  /**
   * The Idempotency-Key of the call: one is made (a random UUID) when left out. Keep it for a retry
   * of your own after this helper gave up, so that retry cannot pay a second time either.
   */
  idempotencyKey?: string;
  /** Sends in all, the first included, when the answer is lost or the server fails. Default 3. */
  attempts?: number;
  /** The wait before each resend, doubled every time. Default 1,000. */
  backoffMs?: number;
  signal?: AbortSignal;
}

export interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * A POST that moves money, sent with one Idempotency-Key however many times it is sent: the
 * request is resent only when its answer was lost (a network error) or the server failed (5xx),
 * and then the API either answers the first call's saved result or runs it the one time it never
 * ran. A 409 on a resend without `Idempotent-Replayed` means the first send is still running, so
 * it waits and asks again. Every other refusal (400, 402, 404, a saved 409) is a CohortApiError.
 */
export async function keyedPost<T>(
  send: (headers: Record<string, string>) => Promise<Answer<T>>,
  options: MoneyCallOptions & { sleep?: Sleep },
): Promise<T> {
  const key = options.idempotencyKey ?? globalThis.crypto.randomUUID();
  const attempts = Math.max(1, options.attempts ?? 3);
  const sleep = options.sleep ?? defaultSleep;
  let wait = options.backoffMs ?? 1_000;
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= attempts;
    let answer: Answer<T>;
    try {
      answer = await send({ 'Idempotency-Key': key });
    } catch (error) {
      if (last || options.signal?.aborted) throw error;
      await sleep(wait, options.signal);
      wait *= 2;
      continue;
    }
    const { data, error, response } = answer;
    if (error === undefined && data !== undefined) return data;
    const inFlight =
      attempt > 1 &&
      response.status === 409 &&
      response.headers.get('idempotent-replayed') === null;
    if (!last && (response.status >= 500 || inFlight)) {
      await sleep(wait, options.signal);
      wait *= 2;
      continue;
    }
    throw new CohortApiError(response.status, error);
  }
}

/**
 * Pays bonuses on an opportunity (all or none), safe to call again: see keyedPost. Answers the
 * bonuses paid with their total and fee.
 */
export function payBonuses(
  client: Client<paths>,
  opportunityId: string,
  bonuses: BonusInput[],
  options: MoneyCallOptions & { sleep?: Sleep } = {},
): Promise<PaidBonuses> {
  return keyedPost(
    (headers) =>
      client.POST('/opportunities/{opportunityId}/bonuses', {
        params: { path: { opportunityId } },
        body: { bonuses },
        headers,
        signal: options.signal,
      }) as Promise<Answer<PaidBonuses>>,
    options,
  );
}

/**
 * Runs one payout run of an hourly or per-task opportunity (work up to `until`, now by default),
 * safe to call again: see keyedPost. Answers the run with its lines.
 */
export function runPayout(
  client: Client<paths>,
  opportunityId: string,
  options: MoneyCallOptions & { until?: string; sleep?: Sleep } = {},
): Promise<PayoutRunDetail> {
  return keyedPost(
    (headers) =>
      client.POST('/opportunities/{opportunityId}/payout-runs', {
        params: { path: { opportunityId } },
        body: options.until === undefined ? {} : { until: options.until },
        headers,
        signal: options.signal,
      }) as Promise<Answer<PayoutRunDetail>>,
    options,
  );
}
