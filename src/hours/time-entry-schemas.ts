import { type Static, Type } from 'typebox';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';

const instant = (description: string) =>
  Type.String({
    description: `${description}: ISO 8601 with Z or an offset, such as 2026-03-01T09:30:00Z`,
  });

export const RecordTimeEntryBody = Type.Object(
  {
    submission_id: Type.String({
      minLength: 1,
      description: 'One of your submissions in progress',
    }),
    started_at: instant('When the work began'),
    ended_at: instant('When it ended (exclusive)'),
  },
  { additionalProperties: false },
);
export type RecordTimeEntryBody = Static<typeof RecordTimeEntryBody>;

export const TimeEntry = Type.Object({
  id: Type.String({ examples: ['tim_01jd8x3c2v4k5m6n7p8q9r0s1t'] }),
  submission_id: Type.String(),
  started_at: Type.String({ format: 'date-time', description: 'Stored in UTC' }),
  ended_at: Type.String({ format: 'date-time', description: 'Stored in UTC' }),
  seconds: Type.Integer({ description: 'Whole seconds counted towards hours' }),
  created_at: Type.String({ format: 'date-time' }),
});

export const TrackedDay = Type.Object({
  date: Type.String({ description: 'Local date (YYYY-MM-DD) in the tracker timezone' }),
  seconds: Type.Integer(),
});

/** The receipt of a recorded entry: where its seconds were counted. */
export const RecordedTimeEntry = Type.Object({
  ...TimeEntry.properties,
  timezone: Type.String({ description: 'The tracker timezone the days were counted in' }),
  days: Type.Array(TrackedDay, {
    description: 'The entry split at local midnight; each part counts on its own date',
  }),
});

export const TimeEntryList = Type.Object({ data: Type.Array(TimeEntry), pagination: Pagination });

export const ListTimeEntriesQuery = Type.Object({
  ...PageQuery.properties,
  submission_id: Type.Optional(Type.String({ minLength: 1 })),
});
