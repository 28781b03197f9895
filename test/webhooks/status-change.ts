import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/platform/db/database.ts';
import { newId } from '../../src/platform/ids.ts';
import { createProject } from '../../src/projects/store.ts';
import { changeSubmissionStatus } from '../../src/submissions/status-change.ts';

/**
 * A launched opportunity with one participant's submission at `screen_passed`, written straight to
 * the store: what the opportunity and participant endpoints would have made. Columns not listed
 * take their defaults, so the fixture survives columns added later.
 */
export async function submissionFixture(db: Db, organizationId: string) {
  const now = new Date().toISOString();
  const project = await createProject(db, organizationId, { name: 'Webhook fixtures' });
  const opportunityId = newId('opportunity');
  await db
    .insertInto('opportunities')
    .values({
      id: opportunityId,
      organization_id: organizationId,
      project_id: project.id,
      status: 'active',
      title: 'Checkout interviews',
      num_participants: 5,
      estimated_duration_minutes: 30,
      device_types: '[]',
      required_accounts: '[]',
      video_required: 'none',
      screen_share_required: 'none',
      customer_screening_review: 'auto_invite',
      pay_frequency: 'one_time',
      screening_option_randomization: 'disabled',
      forwarding_email_enabled: 'disabled',
      filters: '[]',
      screening_questions: '[]',
      quotas: '[]',
      cross_quotas: '[]',
      tasks: '[]',
      incentive_cents: 5000,
      platform_fee_cents: 200,
      cost_per_participant_cents: 5200,
      total_cost_cents: 26000,
      launched_at: now,
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
  const participantId = newId('participant');
  await db
    .insertInto('participants')
    .values({
      id: participantId,
      name: 'Ada Participant',
      email: `ada-${randomBytes(6).toString('hex')}@example.com`,
      timezone: 'UTC',
      birth_date: '1990-01-01',
      country_id: 'US',
      attributes: '{}',
      linked_accounts: '[]',
      background: '{"experiences":[],"educations":[]}',
      token_hash: randomBytes(16).toString('hex'),
      status: 'active',
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
  const submission = await db
    .insertInto('submissions')
    .values({
      id: newId('submission'),
      organization_id: organizationId,
      opportunity_id: opportunityId,
      participant_id: participantId,
      status: 'screen_passed',
      screening_outcome: 'passed',
      screening_answers: '[]',
      quota_cells: '[]',
      paid_cents: 0,
      created_at: now,
      updated_at: now,
    } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
  return submission;
}

/** A participant starting work: a real status change through the one function that makes them. */
export async function startSubmission(db: Db, organizationId: string) {
  const submission = await submissionFixture(db, organizationId);
  await db.transaction().execute((trx) =>
    changeSubmissionStatus(trx, submission, 'in_progress', {
      started_at: new Date().toISOString(),
    }),
  );
  return submission;
}
