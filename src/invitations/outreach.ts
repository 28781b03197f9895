import { findOpportunity, type OutreachMoment, outreachOf } from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import { enqueue } from '../platform/jobs/store.ts';
import { inviteInTransaction } from './invite.ts';
import { outreachJobKey, outreachWaves } from './jobs.ts';
import type { OutreachRunRow, OutreachStopReason } from './outreach-runs.table.ts';

/** Statuses in which a run of waves starts or goes on; paused waits, the rest stop it. */
const RUNS_WHILE = ['active', 'paused'];

/**
 * Starts an opportunity's outreach waves if it has a plan and none run (docs/decisions/0166-
 * outreach-and-digests.md), in the transaction of its launch or of the edit that set the plan,
 * under the opportunity's lock (opportunityLaunched, outreachChanged; src/subscriptions.ts). A
 * start after a stopped run is a new run, with a job of its own due now.
 */
export async function startOutreach(trx: Db, moment: OutreachMoment): Promise<void> {
  const opportunity = await findOpportunity(trx, moment.organizationId, moment.opportunityId);
  if (!opportunity || !outreachOf(opportunity) || !RUNS_WHILE.includes(opportunity.status)) return;
  const now = moment.now.toISOString();
  const current = await trx
    .selectFrom('outreach_runs')
    .selectAll()
    .where('opportunity_id', '=', opportunity.id)
    .executeTakeFirst();
  if (current && current.stopped_at === null) return;
  const run = (current?.run ?? 0) + 1;
  if (current) {
    const restarted = await trx
      .updateTable('outreach_runs')
      .set({ run, next_round_at: now, started_at: now, stopped_at: null, stop_reason: null })
      .where('opportunity_id', '=', opportunity.id)
      .where('run', '=', current.run)
      .where('stopped_at', 'is not', null)
      .executeTakeFirst();
    if (Number(restarted.numUpdatedRows) === 0) return;
  } else {
    const inserted = await trx
      .insertInto('outreach_runs')
      .values({
        opportunity_id: opportunity.id,
        run,
        initial_sent: 0,
        waves_sent: 0,
        invited: 0,
        next_round_at: now,
        started_at: now,
        stopped_at: null,
        stop_reason: null,
      })
      .onConflict((oc) => oc.column('opportunity_id').doNothing())
      .returning('run')
      .executeTakeFirst();
    if (!inserted) return;
  }
  await enqueue(
    trx,
    outreachWaves,
    { opportunityId: opportunity.id, organizationId: opportunity.organization_id, run },
    { runAt: moment.now, dedupeKey: outreachJobKey(opportunity.id, run) },
  );
}

/** What a round did: the run goes on (its next wave due then), or it is over. */
export type OutreachRound =
  | { next: Date; invited: number }
  | { stopped: OutreachStopReason | 'superseded'; invited: number };

/**
 * One round of a run, in one transaction: its wave is claimed by moving next_round_at on (so a
 * job run twice, or two workers, invite once per wave), then the initial invitations or a wave
 * are sent through the same use case as the API's (inviteInTransaction). The run stops when
 * nobody eligible is left, when the study no longer recruits (closed, or its places all taken),
 * or when its plan was cleared; while the study is paused, waves are skipped.
 */
export async function runOutreachRound(
  db: Db,
  payload: { opportunityId: string; organizationId: string; run: number },
  input: { now: Date; publicUrl: string },
): Promise<OutreachRound> {
  const nowIso = input.now.toISOString();
  return db.transaction().execute(async (trx): Promise<OutreachRound> => {
    const state = await trx
      .selectFrom('outreach_runs')
      .selectAll()
      .where('opportunity_id', '=', payload.opportunityId)
      .executeTakeFirst();
    if (!state || state.run !== payload.run || state.stopped_at !== null) {
      return { stopped: 'superseded', invited: 0 };
    }
    if (state.next_round_at !== null && state.next_round_at > nowIso) {
      return { next: new Date(state.next_round_at), invited: 0 };
    }
    const opportunity = await findOpportunity(trx, payload.organizationId, payload.opportunityId);
    const plan = opportunity ? outreachOf(opportunity) : null;
    if (!opportunity || !RUNS_WHILE.includes(opportunity.status)) {
      return stop(trx, state, 'not_recruiting', nowIso, 0);
    }
    if (!plan) return stop(trx, state, 'cleared', nowIso, 0);
    const next = new Date(input.now.getTime() + plan.wave_every_minutes * 60_000);
    const claimed = await trx
      .updateTable('outreach_runs')
      .set({ next_round_at: next.toISOString() })
      .where('opportunity_id', '=', state.opportunity_id)
      .where('run', '=', state.run)
      .where('stopped_at', 'is', null)
      .where((eb) => eb.or([eb('next_round_at', 'is', null), eb('next_round_at', '<=', nowIso)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return { stopped: 'superseded', invited: 0 };
    if (opportunity.status === 'paused') return { next, invited: 0 };

    const initial = state.initial_sent === 0;
    const count = initial ? plan.initial_invitations : plan.wave_size;
    const result =
      count > 0
        ? await inviteInTransaction(trx, opportunity, { count }, input)
        : { invited: 0, eligible_not_invited: undefined };
    await trx
      .updateTable('outreach_runs')
      .set((eb) => ({
        initial_sent: 1,
        waves_sent: initial ? eb.ref('waves_sent') : eb('waves_sent', '+', 1),
        invited: eb('invited', '+', result.invited),
      }))
      .where('opportunity_id', '=', state.opportunity_id)
      .execute();
    if (result.eligible_not_invited === 0) {
      return stop(trx, state, 'nobody_eligible', nowIso, result.invited);
    }
    return { next, invited: result.invited };
  });
}

async function stop(
  trx: Db,
  state: OutreachRunRow,
  reason: OutreachStopReason,
  nowIso: string,
  invited: number,
): Promise<OutreachRound> {
  await trx
    .updateTable('outreach_runs')
    .set({ stopped_at: nowIso, stop_reason: reason, next_round_at: null })
    .where('opportunity_id', '=', state.opportunity_id)
    .where('run', '=', state.run)
    .execute();
  return { stopped: reason, invited };
}

/** An opportunity's outreach as the dashboard shows it: the current run, or none yet. */
export function outreachRunOf(db: Db, opportunityId: string) {
  return db
    .selectFrom('outreach_runs')
    .selectAll()
    .where('opportunity_id', '=', opportunityId)
    .executeTakeFirst();
}
