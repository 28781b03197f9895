import { type Static, Type } from 'typebox';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';
import { MAX_LAB_ADDRESS, MAX_LAB_CAPACITY, MAX_LAB_NAME } from './rules.ts';

export const LabParams = Type.Object({ labId: Type.String() });

const fields = {
  name: Type.String({ minLength: 1, maxLength: MAX_LAB_NAME }),
  address: Type.String({
    minLength: 1,
    maxLength: MAX_LAB_ADDRESS,
    description: 'Where participants go; printed in confirmations and calendar files',
  }),
  time_zone: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'IANA time zone of the lab, e.g. Europe/Berlin',
    examples: ['Europe/Berlin'],
  }),
  capacity: Type.Integer({
    minimum: 1,
    maximum: MAX_LAB_CAPACITY,
    description: 'Seats in the room: overlapping sessions together may not need more',
  }),
};

export const CreateLabBody = Type.Object(fields, { additionalProperties: false });
export const PatchLabBody = Type.Partial(Type.Object(fields), { additionalProperties: false });

export const Lab = Type.Object({
  id: Type.String({ examples: ['lab_01jh3k4m5n6p7q8r9s0t1v2w3x'] }),
  name: Type.String(),
  address: Type.String(),
  time_zone: Type.String(),
  capacity: Type.Integer(),
  calendar_link_enabled: Type.Boolean({
    description: 'Whether a secret calendar link is in effect (its URL is shown when made)',
  }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type LabResponse = Static<typeof Lab>;

export const LabList = Type.Object({ data: Type.Array(Lab), pagination: Pagination });

export const DeletedLab = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });

export const CalendarLink = Type.Object({
  url: Type.String({ description: 'The secret link; shown once, replaced by the next rotation' }),
});

export const ListQuery = PageQuery;
