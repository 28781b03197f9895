import type { MessageRow } from './messages.table.ts';
import type { MessageResponse, ParticipantMessageResponse } from './schemas.ts';

export function messageView(row: MessageRow): MessageResponse {
  return {
    id: row.id,
    submission_id: row.submission_id,
    opportunity_id: row.opportunity_id,
    participant_id: row.participant_id,
    sender: row.sender,
    body: row.body,
    batch_id: row.batch_id,
    created_at: row.created_at,
  };
}

export function participantMessageView(row: MessageRow): ParticipantMessageResponse {
  return {
    id: row.id,
    submission_id: row.submission_id,
    sender: row.sender,
    body: row.body,
    created_at: row.created_at,
  };
}
