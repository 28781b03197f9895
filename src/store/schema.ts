import type { ApiKeysTable } from './tables/api-keys.table.ts';
import type { EventsTable } from './tables/events.table.ts';
import type { FeasibilityRequestsTable } from './tables/feasibility-requests.table.ts';
import type { IdempotencyKeysTable } from './tables/idempotency-keys.table.ts';
import type { JobsTable } from './tables/jobs.table.ts';
import type { LedgerEntriesTable } from './tables/ledger-entries.table.ts';
import type { LoginLinksTable } from './tables/login-links.table.ts';
import type { OpportunitiesTable } from './tables/opportunities.table.ts';
import type { OpportunityCountersTable } from './tables/opportunity-counters.table.ts';
import type { OrganizationsTable } from './tables/organizations.table.ts';
import type { ParticipantsTable } from './tables/participants.table.ts';
import type { ProjectsTable } from './tables/projects.table.ts';
import type { RateLimitsTable } from './tables/rate-limits.table.ts';
import type { SessionsTable } from './tables/sessions.table.ts';
import type { SubmissionTasksTable } from './tables/submission-tasks.table.ts';
import type { SubmissionsTable } from './tables/submissions.table.ts';
import type { HoursDailyTable, TimeEntriesTable } from './tables/time-entries.table.ts';
import type { UsersTable } from './tables/users.table.ts';
import type { WebhookDeliveriesTable } from './tables/webhook-deliveries.table.ts';
import type { WebhookSubscriptionsTable } from './tables/webhook-subscriptions.table.ts';

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
  submissions: SubmissionsTable;
  submission_tasks: SubmissionTasksTable;
  opportunity_counters: OpportunityCountersTable;
  time_entries: TimeEntriesTable;
  hours_daily: HoursDailyTable;
  idempotency_keys: IdempotencyKeysTable;
  feasibility_requests: FeasibilityRequestsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_links: LoginLinksTable;
}
