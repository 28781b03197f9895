import type { Client } from 'openapi-fetch';
import { CohortApiError } from './errors.ts';
import { type Answer, keyedPost, type MoneyCallOptions } from './money.ts';
import type { Sleep } from './retry.ts';
import type { components, paths } from './schema.ts';

type Schemas = components['schemas'];
export type AttendanceEntries = Schemas['AttendanceBody']['entries'];
export type AttendanceResult = Schemas['AttendanceResult'];

/**
 * Records who came to a lab session, all entries or none. Marking someone showed_up_not_needed
 * pays the opportunity's show-up fee, so the call is sent with one Idempotency-Key however many
 * times it is resent (keyedPost, src/money.ts): a resend after a lost answer pays nobody twice.
 */
export function recordAttendance(
  client: Client<paths>,
  sessionId: string,
  entries: AttendanceEntries,
  options: MoneyCallOptions & { sleep?: Sleep } = {},
): Promise<AttendanceResult> {
  return keyedPost(
    (headers) =>
      client.POST('/sessions/{sessionId}/attendance', {
        params: { path: { sessionId } },
        body: { entries },
        headers,
        signal: options.signal,
      }) as Promise<Answer<AttendanceResult>>,
    options,
  );
}

/**
 * Every session of a lab as an iCalendar file (text), for a calendar app or a report. Throws
 * CohortApiError for a refusal (404 for an unknown lab).
 */
export async function labCalendar(
  client: Client<paths>,
  labId: string,
  options: { signal?: AbortSignal } = {},
): Promise<string> {
  const { data, error, response } = await client.GET('/labs/{labId}/calendar.ics', {
    params: { path: { labId } },
    parseAs: 'text',
    signal: options.signal,
  });
  if (error !== undefined || data === undefined) throw new CohortApiError(response.status, error);
  return data;
}
