import { participantOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import { toPage } from '../platform/http/pagination.ts';
import type { App } from '../platform/http/types.ts';
import { listOwnTimeEntries } from './list-time-entries.ts';
import { recordTimeEntry } from './record-time-entry.ts';
import {
  ListTimeEntriesQuery,
  RecordedTimeEntry,
  RecordTimeEntryBody,
  TimeEntryList,
} from './time-entry-schemas.ts';
import { recordedToReceipt, timeEntryRowToTimeEntry } from './time-entry-view.ts';

/** Tracked time (docs/hours.md): the source of GET /v2/opportunities/{id}/hours. */
export function timeEntryRoutes(app: App, { database, clock }: AppContext) {
  const { db } = database;

  app.post(
    '/participant/time-entries',
    {
      config: { auth: 'participant' },
      schema: {
        tags: ['Participant'],
        summary: 'Record time worked on one of your submissions in progress',
        description:
          'The entry is split at midnight in your tracker timezone and counted on each local date. ' +
          '404 for a submission that is not yours, 409 unless it is in progress, 400 listing every ' +
          'problem with the times (order, future, before work started, overlap with your entries).',
        body: RecordTimeEntryBody,
        response: {
          200: RecordedTimeEntry,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const participant = participantOf(request);
      const recorded = await recordTimeEntry(db, {
        participantId: participant.id,
        submissionId: request.body.submission_id,
        startedAt: request.body.started_at,
        endedAt: request.body.ended_at,
        now: clock(),
      });
      return recordedToReceipt(recorded);
    },
  );

  app.get(
    '/participant/time-entries',
    {
      config: { auth: 'participant' },
      schema: {
        tags: ['Participant'],
        summary: 'Your time entries, latest first, optionally on one submission',
        querystring: ListTimeEntriesQuery,
        response: { 200: TimeEntryList, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const participant = participantOf(request);
      const limit = request.query.limit ?? 25;
      const rows = await listOwnTimeEntries(db, {
        participantId: participant.id,
        submissionId: request.query.submission_id,
        cursor: request.query.cursor,
        limit,
      });
      return toPage(rows, limit, (row) => [row.started_at], timeEntryRowToTimeEntry);
    },
  );
}
