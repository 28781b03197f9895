import type { OpportunityCountersTable } from './admission/opportunity-counters.table.ts';
import type {
  AudienceBitmapsTable,
  AudienceChunksTable,
  AudienceDirtyTable,
} from './audience/bitmaps/audience-bitmaps.table.ts';
import type { AuditEventsTable } from './audit/audit-events.table.ts';
import type { BonusesTable } from './bonuses/bonuses.table.ts';
import type { FeasibilityRequestsTable } from './feasibility/feasibility-requests.table.ts';
import type { LedgerEntriesTable } from './finance/ledger-entries.table.ts';
import type { HoursDailyTable, TimeEntriesTable } from './hours/time-entries.table.ts';
import type { InvitationDigestsTable } from './invitations/invitation-digests.table.ts';
import type { InvitationsTable } from './invitations/invitations.table.ts';
import type { OutreachRunsTable } from './invitations/outreach-runs.table.ts';
import type { LabsTable } from './labs/labs.table.ts';
import type { MailMessagesTable } from './mail/mail-messages.table.ts';
import type { MailSendWindowsTable } from './mail/mail-send-windows.table.ts';
import type { MessagesTable } from './messages/messages.table.ts';
import type { OpportunitiesTable } from './opportunities/opportunities.table.ts';
import type { ApiKeysTable } from './organizations/api-keys.table.ts';
import type { LoginLinksTable } from './organizations/login-links.table.ts';
import type { OrganizationsTable } from './organizations/organizations.table.ts';
import type { SessionsTable } from './organizations/sessions.table.ts';
import type { UsersTable } from './organizations/users.table.ts';
import type {
  ParticipantGroupMembersTable,
  ParticipantGroupsTable,
} from './participant-groups/participant-groups.table.ts';
import type { DeferredIndexesTable } from './participants/deferred-indexes.table.ts';
import type {
  ParticipantLinksTable,
  ParticipantSessionsTable,
} from './participants/participant-accounts.table.ts';
import type { ParticipantAttributesTable } from './participants/participant-attributes.table.ts';
import type { ParticipantsTable } from './participants/participants.table.ts';
import type {
  PayoutItemsTable,
  PayoutRunLinesTable,
  PayoutRunsTable,
} from './payout-runs/payout-runs.table.ts';
import type { InstanceSecretsTable } from './platform/db/instance-secrets.table.ts';
import type { EventsTable } from './platform/events/events.table.ts';
import type { IdempotencyKeysTable } from './platform/http/idempotency-keys.table.ts';
import type { RateLimitsTable } from './platform/http/rate-limits.table.ts';
import type { ServerProcessesTable } from './platform/http/server-processes.table.ts';
import type { JobsTable } from './platform/jobs/jobs.table.ts';
import type { ProjectsTable } from './projects/projects.table.ts';
import type { SessionEnrollmentsTable, StudySessionsTable } from './sessions/sessions.table.ts';
import type { SubmissionTasksTable } from './submissions/submission-tasks.table.ts';
import type { SubmissionsTable } from './submissions/submissions.table.ts';
import type { WebhookDeliveriesTable } from './webhooks/webhook-deliveries.table.ts';
import type { WebhookSubscriptionsTable } from './webhooks/webhook-subscriptions.table.ts';

/** Every table Kysely knows; each table's row shape lives in its own `*.table.ts`. */
export interface DB {
  organizations: OrganizationsTable;
  api_keys: ApiKeysTable;
  projects: ProjectsTable;
  rate_limits: RateLimitsTable;
  ledger_entries: LedgerEntriesTable;
  opportunities: OpportunitiesTable;
  jobs: JobsTable;
  events: EventsTable;
  participants: ParticipantsTable;
  participant_attributes: ParticipantAttributesTable;
  deferred_indexes: DeferredIndexesTable;
  audience_bitmaps: AudienceBitmapsTable;
  audience_dirty: AudienceDirtyTable;
  audience_chunks: AudienceChunksTable;
  participant_sessions: ParticipantSessionsTable;
  participant_links: ParticipantLinksTable;
  submissions: SubmissionsTable;
  submission_tasks: SubmissionTasksTable;
  opportunity_counters: OpportunityCountersTable;
  time_entries: TimeEntriesTable;
  hours_daily: HoursDailyTable;
  idempotency_keys: IdempotencyKeysTable;
  server_processes: ServerProcessesTable;
  feasibility_requests: FeasibilityRequestsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_links: LoginLinksTable;
  mail_messages: MailMessagesTable;
  mail_send_windows: MailSendWindowsTable;
  instance_secrets: InstanceSecretsTable;
  audit_events: AuditEventsTable;
  payout_runs: PayoutRunsTable;
  payout_run_lines: PayoutRunLinesTable;
  payout_items: PayoutItemsTable;
  bonuses: BonusesTable;
  messages: MessagesTable;
  participant_groups: ParticipantGroupsTable;
  participant_group_members: ParticipantGroupMembersTable;
  invitations: InvitationsTable;
  invitation_digests: InvitationDigestsTable;
  outreach_runs: OutreachRunsTable;
  labs: LabsTable;
  study_sessions: StudySessionsTable;
  session_enrollments: SessionEnrollmentsTable;
}
