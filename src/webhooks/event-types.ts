import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './event.ts';

/** What GET /v2/hooks/event-types shows: every type a subscription may name, and its data. */
export const EVENT_TYPE_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'webhook.ping':
    'Sent once, synchronously, when a subscription is confirmed (and again on each later ' +
    'confirmation); data: {subscription_id}. Every subscription receives it, named or not.',
  'submission.status.change':
    'A submission changed status: a new application (previous_status null), invite, decline, ' +
    'start, submit, approve (automatic approval included), reject, return, time-out, ' +
    'withdrawal on stop; data: {submission_id, opportunity_id, participant_id, previous_status, ' +
    'status, abandoned_reason (returned, timed_out or withdrawn; only when status is abandoned)}.',
  'opportunity.status.change':
    'An opportunity changed status (launch, pause, resume, fulfilled, completed, stop, ' +
    'expiry); data: {opportunity_id, previous_status, status}.',
  'applicant.created':
    'A participant qualified and now waits for your invite or decline decision (see GET ' +
    '/v2/opportunities/{id}/applicants); data: {applicant_id, opportunity_id, participant_id, ' +
    'screening_outcome}.',
  'feasibility.status.change':
    'A feasibility request was received (previous_status null) or moved, for example RECEIVED ' +
    'to RESPONDED when priced; data: {feasibility_request_id, previous_status, status}.',
  'bonus.paid':
    'A bonus was paid to a submission’s participant (one event per bonus of a call); data: ' +
    '{bonus_id, opportunity_id, submission_id, participant_id, amount_cents, fee_cents, reason}.',
  'payout_run.completed':
    'A payout run of an hourly or per-task opportunity paid its lines, by API or the weekly ' +
    'schedule; data: {payout_run_id, opportunity_id, pay_frequency, until, total_cents, line_count}.',
  'message.received':
    'A participant wrote to you about their submission (answer with POST ' +
    '/v2/submissions/{id}/messages); data: {message_id, submission_id, opportunity_id, ' +
    'participant_id, body, created_at}. The body is plain text: never render it as HTML.',
  'session.cancelled':
    'A lab session was cancelled (DELETE /v2/sessions/{id}): everyone enrolled was mailed and ' +
    'their seats went back; data: {session_id, opportunity_id, lab_id, starts_at, submission_ids}.',
  'attendance.recorded':
    'Attendance was recorded on a lab session (POST /v2/sessions/{id}/attendance); data: ' +
    '{session_id, opportunity_id, entries[] of {submission_id, participant_id, status}}.',
};

export function isKnownEventType(type: string): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}

export function eventTypeList() {
  return WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: EVENT_TYPE_DESCRIPTIONS[type] }));
}
