import type { Client } from 'openapi-fetch';
import { CohortApiError } from './errors.ts';
import type { paths } from './schema.ts';

/**
 * The CSV exports as streams, so a file of any size is never held whole in memory:
 *
 *   const csv = await downloadSubmissionsCsv(cohort, 'opp_...');
 *   await pipeline(Readable.fromWeb(csv), fs.createWriteStream('submissions.csv'));
 *
 * Throws CohortApiError for a refused export (404 for an unknown opportunity, 400 for a bad
 * window), before any line is read.
 */
export async function downloadSubmissionsCsv(
  client: Client<paths>,
  opportunityId: string,
  options: { signal?: AbortSignal } = {},
): Promise<ReadableStream<Uint8Array>> {
  const { data, error, response } = await client.GET(
    '/opportunities/{opportunityId}/submissions.csv',
    { params: { path: { opportunityId } }, parseAs: 'stream', signal: options.signal },
  );
  if (error !== undefined || !data) throw new CohortApiError(response.status, error);
  return data;
}

/** Tracked hours of a window as CSV: `from` inclusive, `to` exclusive (docs/hours.md). */
export async function downloadHoursCsv(
  client: Client<paths>,
  opportunityId: string,
  window: { from: string; to: string },
  options: { signal?: AbortSignal } = {},
): Promise<ReadableStream<Uint8Array>> {
  const { data, error, response } = await client.GET('/opportunities/{opportunityId}/hours.csv', {
    params: { path: { opportunityId }, query: window },
    parseAs: 'stream',
    signal: options.signal,
  });
  if (error !== undefined || !data) throw new CohortApiError(response.status, error);
  return data;
}
