import { type Static, type TSchema, Type } from 'typebox';
import { Participant } from '../participants/index.ts';
import { ScreeningAnswer } from '../screening/index.ts';

/** GET /v2/participant/me/export (docs/participant-data.md, "What an export holds"). */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const Upload = Type.Object({
  submission_id: Type.String(),
  sequence: Type.Integer(),
  id: Type.String(),
  name: Type.String(),
  mime_type: Type.String(),
  size_bytes: Type.Integer(),
});

const ExportedTask = Type.Object({
  sequence: Type.Integer(),
  status: Type.String(),
  notes: Nullable(Type.String()),
  files: Type.Array(Type.Omit(Upload, ['submission_id', 'sequence'])),
  submitted_at: Type.String(),
  reviewed_at: Nullable(Type.String()),
});

const ExportedSubmission = Type.Object({
  id: Type.String(),
  opportunity_id: Type.String(),
  opportunity_title: Type.String(),
  status: Type.String(),
  screening_outcome: Nullable(Type.String()),
  screening_answers: Type.Array(ScreeningAnswer),
  started_at: Nullable(Type.String()),
  submitted_at: Nullable(Type.String()),
  decided_at: Nullable(Type.String()),
  rejection_category: Nullable(Type.String()),
  rejection_reason: Nullable(Type.String()),
  abandoned_reason: Nullable(Type.String()),
  return_request_reason: Nullable(Type.String()),
  paid_cents: Type.Integer(),
  quality_flags: Type.Array(Type.String()),
  network_fingerprint_held: Type.Boolean({
    description:
      'Whether a keyed hash of the network address and browser that applied is held (never the address itself)',
  }),
  tasks: Type.Array(ExportedTask),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const ParticipantExport = Type.Object({
  exported_at: Type.String(),
  participant: Participant,
  account: Type.Object({
    status: Type.String({ description: 'active, or erased after an erasure' }),
    email_verified_at: Nullable(Type.String()),
    new_studies: Type.String({
      description: 'How often you hear of new studies: each, daily, never',
    }),
    mail_undeliverable_at: Nullable(
      Type.String({ description: 'When mail to your address failed for good' }),
    ),
    password_set: Type.Boolean(),
    test: Type.Boolean({ description: 'A test participant made by a preview' }),
    sessions: Type.Array(Type.Object({ created_at: Type.String(), expires_at: Type.String() })),
    group_count: Type.Integer({ description: 'Organizations’ participant groups you belong to' }),
  }),
  submissions: Type.Array(ExportedSubmission),
  time_entries: Type.Array(
    Type.Object({
      id: Type.String(),
      submission_id: Type.String(),
      opportunity_id: Type.String(),
      started_at: Type.String(),
      ended_at: Type.String(),
      seconds: Type.Integer(),
      created_at: Type.String(),
    }),
  ),
  messages: Type.Array(
    Type.Object({
      id: Type.String(),
      submission_id: Type.String(),
      opportunity_id: Type.String(),
      sender: Type.String({ description: 'participant (you) or organization' }),
      body: Type.String(),
      created_at: Type.String(),
    }),
  ),
  payments: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.String(),
      amount_cents: Type.Integer({ description: 'What this ledger row paid you' }),
      opportunity_id: Nullable(Type.String()),
      submission_id: Nullable(Type.String()),
      created_at: Type.String(),
    }),
  ),
  uploads: Type.Array(Upload),
  mail: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.String(),
      subject: Type.String(),
      status: Type.String(),
      created_at: Type.String(),
    }),
  ),
  invitations: Type.Array(
    Type.Object({
      opportunity_id: Type.String(),
      invited_at: Type.String(),
      delivery: Type.String({ description: 'each: its own mail; daily: in the day’s digest' }),
    }),
    { description: 'The studies you were invited to by mail' },
  ),
});
export type ParticipantExport = Static<typeof ParticipantExport>;

export const ParticipantErased = Type.Object({
  id: Type.String(),
  deleted: Type.Literal(true),
});
