import type { Client } from 'openapi-fetch';
import { CohortApiError, CohortTimeoutError } from './errors.ts';
import { sleep as defaultSleep, type Sleep } from './retry.ts';
import type { components, paths } from './schema.ts';

export type FeasibilityRequest = components['schemas']['FeasibilityRequest'];

export interface WaitForFeasibilityOptions {
  /** Give up after this long (CohortTimeoutError). Default 60,000. */
  timeoutMs?: number;
  /** Time between reads. Default 1,000: automatic pricing answers within seconds. */
  intervalMs?: number;
  signal?: AbortSignal;
}

/**
 * Polls a feasibility request until it leaves RECEIVED: RESPONDED (costPerParticipant is set, so
 * a draft can be created with its id), or WON, LOST or NOT_PURSUED, which are final. Returns the
 * request as last read; throws CohortTimeoutError (with the last read) when time runs out, and
 * CohortApiError when a read fails (404 for an unknown id).
 */
export async function waitForFeasibility(
  client: Client<paths>,
  requestId: string,
  options: WaitForFeasibilityOptions & { sleep?: Sleep; now?: () => number } = {},
): Promise<FeasibilityRequest> {
  const {
    timeoutMs = 60_000,
    intervalMs = 1_000,
    signal,
    sleep = defaultSleep,
    now = Date.now,
  } = options;
  const deadline = now() + timeoutMs;
  for (;;) {
    const { data, error, response } = await client.GET('/feasibility/requests/{requestId}', {
      params: { path: { requestId } },
      signal,
    });
    if (error !== undefined || !data) throw new CohortApiError(response.status, error);
    if (data.status !== 'RECEIVED') return data;
    const left = deadline - now();
    if (left <= 0) {
      throw new CohortTimeoutError(
        `feasibility request ${requestId} is still RECEIVED after ${timeoutMs} ms (an operator may be pricing it; poll again later)`,
        data,
      );
    }
    await sleep(Math.min(intervalMs, left), signal);
  }
}
