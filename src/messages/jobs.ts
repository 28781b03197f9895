import { type Static, Type } from 'typebox';
import { declareJob, exponentialBackoff } from '../platform/jobs/define.ts';

export const BulkMessagePayload = Type.Object(
  {
    organizationId: Type.String({ minLength: 1 }),
    batchId: Type.String({ minLength: 1 }),
    body: Type.String({ minLength: 1 }),
    submissionIds: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
  },
  { additionalProperties: false },
);
export type BulkMessagePayload = Static<typeof BulkMessagePayload>;

/** One part of a bulk send: writes (and mails) one message per recipient not yet written. */
export const bulkMessage = declareJob({
  kind: 'messages.bulk',
  payload: BulkMessagePayload,
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
});

/** One job per part of a send. */
export const bulkMessageJobKey = (batchId: string, part: number) =>
  `messages.bulk:${batchId}:${part}`;
