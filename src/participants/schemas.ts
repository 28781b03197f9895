import { type Static, Type } from 'typebox';
import { PageQuery } from '../platform/http/pagination.ts';

/** A task as the participant reads it before applying: no URL until they have a place. */
export const ParticipantTaskBrief = Type.Object({
  sequence: Type.Integer(),
  task_type: Type.String(),
  title: Type.String(),
  description: Type.String(),
  duration_minutes: Type.Integer(),
  available_after_sequence: Type.Optional(Type.Integer()),
  available_after_delay_minutes: Type.Optional(Type.Integer()),
  instructions: Type.Optional(Type.String()),
  accepted_mime_types: Type.Optional(Type.Array(Type.String())),
  min_files: Type.Optional(Type.Integer()),
  max_files: Type.Optional(Type.Integer()),
  max_file_size_bytes: Type.Optional(Type.Integer()),
});
export type ParticipantTaskBriefResponse = Static<typeof ParticipantTaskBrief>;

export const ListQuery = PageQuery;
