import { randomBytes } from 'node:crypto';
import { bumpCounters, statusCounterKey } from '../../src/admission/counters.ts';
import { refreshPlacesStatus } from '../../src/opportunities/index.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { newId } from '../../src/platform/ids.ts';

/**
 * Puts a participant's submission in a given status the way the participant side records one: the
 * row and its `status:` counter in one transaction, then the places rule. The participant side
 * itself is another issue; these tests only need submissions to exist.
 */
export async function seedSubmission(
  db: Db,
  opportunity: { id: string; organization_id?: string },
  organizationId: string,
  status: string,
): Promise<string> {
  const now = new Date().toISOString();
  const participantId = newId('participant');
  const submissionId = newId('submission');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('participants')
      .values({
        id: participantId,
        name: 'Test Participant',
        email: `${participantId}@example.com`,
        linkedin_url: null,
        timezone: 'UTC',
        birth_date: '1990-01-01',
        country_id: 'US',
        state_id: null,
        city_id: null,
        attributes: '{}',
        linked_accounts: '[]',
        background: '{"experiences":[],"educations":[]}',
        token_hash: randomBytes(32).toString('hex'),
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('submissions')
      .values({
        id: submissionId,
        organization_id: organizationId,
        opportunity_id: opportunity.id,
        participant_id: participantId,
        status,
        screening_outcome: 'passed',
        screening_answers: '[]',
        quota_cells: '[]',
        started_at: null,
        submitted_at: null,
        decided_at: null,
        rejection_category: null,
        rejection_reason: null,
        closed_reason: null,
        paid_cents: 0,
        test: 0,
        quality_flags: '[]',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await bumpCounters(trx, opportunity.id, [statusCounterKey(status)]);
    await refreshPlacesStatus(trx, opportunity.id);
  });
  return submissionId;
}

export async function submissionRow(db: Db, id: string) {
  return db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function ledgerRows(db: Db, organizationId: string) {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
}

export async function balanceOf(db: Db, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('organizations')
    .select('balance_cents')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

export async function eventsOf(db: Db, organizationId: string, type: string) {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('type', '=', type)
    .orderBy('id')
    .execute();
  return rows.map((row) => JSON.parse(row.data) as Record<string, unknown>);
}
