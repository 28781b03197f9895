import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './event.ts';

/** What GET /v2/hooks/event-types shows: every type a subscription may name, and its data. */
export const EVENT_TYPE_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'webhook.ping':
    'Sent once, synchronously, when a subscription is confirmed (and again on each later ' +
    'confirmation); data: {subscription_id}. Every subscription receives it, named or not.',
  'submission.status.change':
    'A submission changed status: a new application (previous_status null), invite, decline, ' +
    'start, submit, approve, reject, abandon, withdrawal on stop; data: {submission_id, ' +
    'opportunity_id, participant_id, previous_status, status}.',
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
};

export function isKnownEventType(type: string): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}

export function eventTypeList() {
  return WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: EVENT_TYPE_DESCRIPTIONS[type] }));
}
