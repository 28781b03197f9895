import { Type } from 'typebox';
import { requiredInDocument } from '../platform/http/openapi-schema.ts';

export const HoursParams = Type.Object({ opportunityId: Type.String() });

/**
 * Both are required (docs/hours.md, "The window"), and documented so; they are optional to the
 * validator so that parseHoursWindow sees every problem with the pair and lists them in one 400.
 */
export const HoursQuery = Type.Object({
  from: requiredInDocument(
    Type.Optional(
      Type.String({
        description:
          'Inclusive start: an ISO 8601 UTC timestamp (or with an offset; send + as %2B), or a bare date read as midnight UTC',
        examples: ['2026-03-01'],
      }),
    ),
  ),
  to: requiredInDocument(
    Type.Optional(
      Type.String({
        description: 'Exclusive end, same form; at most 92 days after from',
        examples: ['2026-04-01'],
      }),
    ),
  ),
});

export const HoursRow = Type.Object({
  participant_id: Type.String(),
  submission_id: Type.String(),
  email: Type.String(),
  date: Type.String({ description: "The person's local date (YYYY-MM-DD) in their timezone" }),
  timezone: Type.String({ description: 'IANA tracker timezone the date is in' }),
  seconds: Type.Number(),
  hours: Type.Number({ description: 'seconds / 3600, two decimals' }),
});

/** Contract 2.13. */
export const HoursReport = Type.Object({
  last_updated_at: Type.String({ format: 'date-time' }),
  total_seconds: Type.Number(),
  total_hours: Type.Number(),
  data: Type.Array(HoursRow),
});
