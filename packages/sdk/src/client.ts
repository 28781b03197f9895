import createClient, { type Client } from 'openapi-fetch';
import {
  type FeasibilityRequest,
  type WaitForFeasibilityOptions,
  waitForFeasibility,
} from './feasibility.ts';
import {
  type InvitationRequest,
  type InvitationResult,
  inviteParticipants,
} from './invitations.ts';
import {
  type BonusInput,
  type MoneyCallOptions,
  type PaidBonuses,
  type PayoutRunDetail,
  payBonuses,
  runPayout,
} from './money.ts';
import { type ItemOf, type PaginatedPath, type PaginateOptions, paginate } from './paginate.ts';
import { sleep as defaultSleep, type RetryOptions, retryingFetch, type Sleep } from './retry.ts';
import type { paths } from './schema.ts';
import {
  type AttendanceEntries,
  type AttendanceResult,
  labCalendar,
  recordAttendance,
} from './sessions.ts';

export interface CohortClientOptions {
  /**
   * The API's base URL, `https://cohort.example.com/v2`. A bare origin (`http://localhost:8080`)
   * gets `/v2` appended, since every path of the document is relative to it.
   */
  baseUrl: string;
  /** An API key, `ck_...`; sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** Waiting on 429 (see RetryOptions); `false` hands every 429 back at once. */
  retry?: RetryOptions | false;
  /** Headers sent with every request (a User-Agent naming your integration, say). */
  headers?: Record<string, string>;
  /** The fetch to send with; the global fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** How the client waits (429s, feasibility polling); replaced in tests that move a fake clock. */
  sleep?: Sleep;
}

/**
 * The typed client: openapi-fetch's `GET`, `POST`, `PATCH`, `DELETE` over the paths of
 * openapi.json (each answers `{data, error, response}`), plus the helpers below.
 */
export interface CohortClient extends Client<paths> {
  /** Every item of a cursor-paginated list, for `for await`. */
  paginate<P extends PaginatedPath>(
    path: P,
    options?: PaginateOptions<P>,
  ): AsyncGenerator<ItemOf<P>, void, undefined>;
  /** Polls a feasibility request until it is RESPONDED (or final). */
  waitForFeasibility(
    requestId: string,
    options?: WaitForFeasibilityOptions,
  ): Promise<FeasibilityRequest>;
  /** Pays bonuses all or none, with an Idempotency-Key kept across resends: never twice. */
  payBonuses(
    opportunityId: string,
    bonuses: BonusInput[],
    options?: MoneyCallOptions,
  ): Promise<PaidBonuses>;
  /** Invites participants by mail (a sample of `count`, or named ids), keyed so none twice. */
  inviteParticipants(
    opportunityId: string,
    request: InvitationRequest,
    options?: MoneyCallOptions,
  ): Promise<InvitationResult>;
  /** Records a lab session's attendance (show-up fees move money), keyed so none twice. */
  recordAttendance(
    sessionId: string,
    entries: AttendanceEntries,
    options?: MoneyCallOptions,
  ): Promise<AttendanceResult>;
  /** Every session of a lab as an iCalendar file. */
  labCalendar(labId: string, options?: { signal?: AbortSignal }): Promise<string>;
  /** One payout run of an hourly or per-task opportunity, keyed the same way. */
  runPayout(
    opportunityId: string,
    options?: MoneyCallOptions & { until?: string },
  ): Promise<PayoutRunDetail>;
}

/** `http://host` and `http://host/` become `http://host/v2`; a URL with a path is kept. */
export function apiBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  const trimmed = url.pathname.replace(/\/+$/, '');
  url.pathname = trimmed === '' ? '/v2' : trimmed;
  return url.toString().replace(/\/+$/, '');
}

export function createCohortClient(options: CohortClientOptions): CohortClient {
  const sleep = options.sleep ?? defaultSleep;
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const fetch =
    options.retry === false ? baseFetch : retryingFetch(baseFetch, { ...options.retry, sleep });
  const client = createClient<paths>({
    baseUrl: apiBaseUrl(options.baseUrl),
    fetch,
    headers: { ...options.headers, authorization: `Bearer ${options.apiKey}` },
  });
  return Object.assign(client, {
    paginate: <P extends PaginatedPath>(path: P, paginateOptions?: PaginateOptions<P>) =>
      paginate(client, path, paginateOptions),
    waitForFeasibility: (requestId: string, waitOptions?: WaitForFeasibilityOptions) =>
      waitForFeasibility(client, requestId, { ...waitOptions, sleep }),
    payBonuses: (opportunityId: string, bonuses: BonusInput[], moneyOptions?: MoneyCallOptions) =>
      payBonuses(client, opportunityId, bonuses, { ...moneyOptions, sleep }),
    inviteParticipants: (
      opportunityId: string,
      request: InvitationRequest,
      callOptions?: MoneyCallOptions,
    ) => inviteParticipants(client, opportunityId, request, { ...callOptions, sleep }),
    runPayout: (opportunityId: string, moneyOptions?: MoneyCallOptions & { until?: string }) =>
      runPayout(client, opportunityId, { ...moneyOptions, sleep }),
    recordAttendance: (
      sessionId: string,
      entries: AttendanceEntries,
      moneyOptions?: MoneyCallOptions,
    ) => recordAttendance(client, sessionId, entries, { ...moneyOptions, sleep }),
    labCalendar: (labId: string, callOptions?: { signal?: AbortSignal }) =>
      labCalendar(client, labId, callOptions),
  });
}
