import type { components } from './schema.ts';

/** Every schema of the document by its component name: `Schemas['Opportunity']`. */
export type Schemas = components['schemas'];

export type Project = Schemas['Project'];
export type ProjectDetail = Schemas['ProjectDetail'];
export type Opportunity = Schemas['Opportunity'];
export type OpportunitySummary = Schemas['OpportunitySummary'];
export type CreateOpportunityBody = Schemas['CreateOpportunityBody'];
export type PatchOpportunityBody = Schemas['PatchOpportunityBody'];
export type Applicant = Schemas['Applicant'];
export type Submission = Schemas['Submission'];
export type SubmissionDetail = Schemas['SubmissionDetail'];
export type FilterCatalogEntry = Schemas['FilterCatalogEntry'];
export type FilterOption = Schemas['FilterOption'];
/** POST /audience/size: `{count}`, or `{count: null, fewer_than: 25}` below the privacy floor. */
export type AudienceSizeBody = Schemas['AudienceSizeBody'];
export type AudienceSize = Schemas['AudienceSizeResponse'];
export type HoursReport = Schemas['HoursReport'];
export type WebhookSubscription = Schemas['WebhookSubscription'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type FlatError = Schemas['FlatError'];
export type NestedError = Schemas['NestedError'];
/** Why an abandoned submission ended: returned, timed_out or withdrawn. */
export type AbandonedReason = NonNullable<Submission['abandoned_reason']>;
/** The body of each webhook delivery, by event type (the document's `webhooks`). */
export type SubmissionStatusChangeEvent = Schemas['SubmissionStatusChangeEvent'];
export type OpportunityStatusChangeEvent = Schemas['OpportunityStatusChangeEvent'];
export type ApplicantCreatedEvent = Schemas['ApplicantCreatedEvent'];
export type FeasibilityStatusChangeEvent = Schemas['FeasibilityStatusChangeEvent'];
export type WebhookPingEvent = Schemas['WebhookPingEvent'];
/** A preview's one-time link and test participant token (POST /opportunities/{id}/preview). */
export type Preview = Schemas['Preview'];
/** A sign on a submission or applicant for the researcher to weigh, such as shared_network. */
export type QualityFlag = Submission['quality_flags'][number];
/** Money and people beyond one approval: payout runs, bonuses, messages, groups, the audit log. */
export type PayoutRun = Schemas['PayoutRun'];
export type Bonus = Schemas['Bonus'];
export type Message = Schemas['Message'];
export type ParticipantGroup = Schemas['ParticipantGroup'];
export type AuditEvent = Schemas['AuditEvent'];
export type BonusPaidEvent = Schemas['BonusPaidEvent'];
export type PayoutRunCompletedEvent = Schemas['PayoutRunCompletedEvent'];
export type MessageReceivedEvent = Schemas['MessageReceivedEvent'];
/**
 * A participant's own data (docs/participant-data.md), read and erased with a participant token
 * (`pt_...`) rather than an API key: GET /participant/me/export and DELETE /participant/me.
 */
export type ParticipantExport = Schemas['ParticipantExport'];
export type ParticipantErased = Schemas['ParticipantErased'];
