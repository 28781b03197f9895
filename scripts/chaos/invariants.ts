import { createHash } from 'node:crypto';
import { PLACE_TAKING_STATUSES } from '../../src/admission/places.ts';
import type { Db } from '../../src/platform/db/database.ts';

/**
 * What the chaos run (scripts/chaos.ts) checks once every process has stopped: the rows it needs,
 * read by plain selects that run on either engine (loadChaosState), and the invariants as pure
 * functions of those rows (checkInvariants), so test/chaos/invariants.test.ts can hand them a
 * broken state and see each one flagged. docs/decisions/0170-chaos-run.md explains each row.
 */

/** A webhook request the loopback receiver answered 2xx, as it arrived. */
export interface ReceivedWebhook {
  /** The path of the target URL it was sent to: one path per subscription. */
  path: string;
  /** The event id header (X-Service-Event-Id) and the body's own `id`. */
  headerId: string;
  bodyId: string;
  /** SHA-256 of the body: the same event must be the same bytes on every attempt. */
  bodyHash: string;
}

/** A mail the SMTP inbox accepted: matched to the outbox by recipient and subject. */
export interface ReceivedMail {
  to: string;
  subject: string;
  /**
   * Its Message-ID: one mail sent again after a crash (SMTP delivers at least once) carries the
   * same one, and is one message to a mailbox (src/mail/send.ts messageIdOf).
   */
  messageId?: string;
}

export interface ChaosState {
  organizations: { id: string; balance_cents: number }[];
  ledger: {
    organization_id: string;
    kind: string;
    amount_cents: number;
    submission_id: string | null;
    memo: string | null;
  }[];
  bonuses: {
    id: string;
    organization_id: string;
    submission_id: string;
    amount_cents: number;
    fee_cents: number;
  }[];
  payoutRuns: { id: string; organization_id: string; total_cents: number }[];
  payoutLines: {
    run_id: string;
    submission_id: string;
    tasks: number | null;
    amount_cents: number;
  }[];
  payoutItems: { opportunity_id: string; item_key: string }[];
  opportunities: {
    id: string;
    num_participants: number;
    /** The quota JSON as stored (src/screening's Quota[] and CrossQuota[]). */
    quotas: string;
    cross_quotas: string;
    /** How many tasks the study has: a per-task run can pay at most that many per submission. */
    task_count: number;
  }[];
  submissions: { id: string; opportunity_id: string; status: string; quota_cells: string }[];
  events: { id: string; organization_id: string; type: string; created_at: string }[];
  subscriptions: {
    id: string;
    organization_id: string;
    target_url: string;
    event_types: string;
    confirmed_at: string | null;
    deleted_at: string | null;
  }[];
  deliveries: { subscription_id: string; event_id: string; status: string }[];
  received: ReceivedWebhook[];
  mails: { id: string; to_address: string; subject: string; status: string }[];
  inbox: ReceivedMail[];
  idempotencyKeys: { scope: string; idempotency_key: string; status: string }[];
  jobs: { id: string; kind: string; status: string; run_at: string }[];
  /** When the last process stopped: a pending job due a minute before that was never run. */
  stoppedAt: string;
}

export interface InvariantRow {
  name: string;
  expected: string;
  found: string;
  ok: boolean;
  /** A few of the offending rows, to start looking from. */
  examples: string[];
}

const n = (value: unknown) => Number(value ?? 0);

/** Every row the invariants read, from a database no process is writing to any more. */
export async function loadChaosState(
  db: Db,
  received: ReceivedWebhook[],
  inbox: ReceivedMail[],
  stoppedAt: string,
): Promise<ChaosState> {
  const [organizations, ledger, bonuses, payoutRuns, payoutLines, payoutItems] = await Promise.all([
    db.selectFrom('organizations').select(['id', 'balance_cents']).execute(),
    db
      .selectFrom('ledger_entries')
      .select(['organization_id', 'kind', 'amount_cents', 'submission_id', 'memo'])
      .execute(),
    db
      .selectFrom('bonuses')
      .select(['id', 'organization_id', 'submission_id', 'amount_cents', 'fee_cents'])
      .execute(),
    db.selectFrom('payout_runs').select(['id', 'organization_id', 'total_cents']).execute(),
    db
      .selectFrom('payout_run_lines')
      .select(['run_id', 'submission_id', 'tasks', 'amount_cents'])
      .execute(),
    db.selectFrom('payout_items').select(['opportunity_id', 'item_key']).execute(),
  ]);
  const [opportunities, submissions, events, subscriptions, deliveries] = await Promise.all([
    db
      .selectFrom('opportunities')
      .select(['id', 'num_participants', 'quotas', 'cross_quotas', 'tasks'])
      .execute(),
    db
      .selectFrom('submissions')
      .select(['id', 'opportunity_id', 'status', 'quota_cells'])
      .execute(),
    db.selectFrom('events').select(['id', 'organization_id', 'type', 'created_at']).execute(),
    db
      .selectFrom('webhook_subscriptions')
      .select(['id', 'organization_id', 'target_url', 'event_types', 'confirmed_at', 'deleted_at'])
      .execute(),
    db.selectFrom('webhook_deliveries').select(['subscription_id', 'event_id', 'status']).execute(),
  ]);
  const [mails, idempotencyKeys, jobs] = await Promise.all([
    db.selectFrom('mail_messages').select(['id', 'to_address', 'subject', 'status']).execute(),
    db.selectFrom('idempotency_keys').select(['scope', 'idempotency_key', 'status']).execute(),
    db.selectFrom('jobs').select(['id', 'kind', 'status', 'run_at']).execute(),
  ]);
  return {
    organizations: organizations.map((row) => ({ ...row, balance_cents: n(row.balance_cents) })),
    ledger: ledger.map((row) => ({ ...row, amount_cents: n(row.amount_cents) })),
    bonuses: bonuses.map((row) => ({
      ...row,
      amount_cents: n(row.amount_cents),
      fee_cents: n(row.fee_cents),
    })),
    payoutRuns: payoutRuns.map((row) => ({ ...row, total_cents: n(row.total_cents) })),
    payoutLines: payoutLines.map((row) => ({
      ...row,
      tasks: row.tasks === null ? null : n(row.tasks),
      amount_cents: n(row.amount_cents),
    })),
    payoutItems,
    opportunities: opportunities.map((row) => ({
      id: row.id,
      num_participants: n(row.num_participants),
      quotas: row.quotas,
      cross_quotas: row.cross_quotas,
      task_count: (JSON.parse(row.tasks) as unknown[]).length,
    })),
    submissions,
    events,
    subscriptions,
    deliveries,
    received,
    mails,
    inbox,
    idempotencyKeys,
    jobs,
    stoppedAt,
  };
}

export const hashBody = (body: string) => createHash('sha256').update(body).digest('hex');

function row(name: string, expected: string, breaches: string[], found?: string): InvariantRow {
  return {
    name,
    expected,
    found: found ?? String(breaches.length),
    ok: breaches.length === 0,
    examples: breaches.slice(0, 5),
  };
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

function sumBy<T>(items: readonly T[], key: (item: T) => string, value: (item: T) => number) {
  const sums = new Map<string, number>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + value(item));
  return sums;
}

const REFUNDS = new Set(['stop_refund', 'expiry_refund', 'rejection_refund']);

/** The organization's balance against its ledger, and against its credit less what it was charged. */
export function checkMoney(state: ChaosState): InvariantRow[] {
  const ledgerSum = sumBy(
    state.ledger,
    (entry) => entry.organization_id,
    (entry) => entry.amount_cents,
  );
  const offLedger = state.organizations
    .filter((org) => org.balance_cents !== (ledgerSum.get(org.id) ?? 0))
    .map((org) => `${org.id}: balance ${org.balance_cents}, ledger ${ledgerSum.get(org.id) ?? 0}`);

  // Credit and refunds from the ledger; every charge from the table of what was bought.
  const ofKind = (kinds: (kind: string) => boolean) =>
    sumBy(
      state.ledger.filter((entry) => kinds(entry.kind)),
      (entry) => entry.organization_id,
      (entry) => entry.amount_cents,
    );
  const credit = ofKind((kind) => kind === 'credit');
  const refunds = ofKind((kind) => REFUNDS.has(kind));
  const launches = ofKind((kind) => kind === 'launch_charge');
  const bonusPaid = sumBy(
    state.bonuses,
    (bonus) => bonus.organization_id,
    (bonus) => bonus.amount_cents + bonus.fee_cents,
  );
  const runsPaid = sumBy(
    state.payoutRuns,
    (run) => run.organization_id,
    (run) => run.total_cents,
  );
  const offCharges = state.organizations
    .map((org) => {
      const get = (map: Map<string, number>) => map.get(org.id) ?? 0;
      const expected = get(credit) + get(refunds) + get(launches) - get(bonusPaid) - get(runsPaid);
      return { org, expected };
    })
    .filter(({ org, expected }) => org.balance_cents !== expected)
    .map(
      ({ org, expected }) =>
        `${org.id}: balance ${org.balance_cents}, credit less charges ${expected}`,
    );
  return [
    row('balance = sum of its ledger', '0 organizations off', offLedger),
    row(
      'balance = credit + refunds − launch charges − bonuses and fees − payout runs',
      '0 organizations off',
      offCharges,
    ),
  ];
}

/** No approval, bonus or payout line paid twice. */
export function checkPaidOnce(state: ChaosState): InvariantRow[] {
  const approvals = [
    ...countBy(
      state.ledger.filter((entry) => entry.kind === 'participant_payout'),
      (entry) => entry.submission_id ?? '',
    ),
  ]
    .filter(([, count]) => count > 1)
    .map(([submission, count]) => `${submission}: ${count} participant payouts`);

  // Each bonus row has exactly one ledger line (its memo names it), and the workload asks for at
  // most one bonus per submission, each call retried under one key: a second row is a retry paid.
  const bonusLines = countBy(
    state.ledger.filter((entry) => entry.kind === 'bonus'),
    (entry) => /^Bonus (\S+) /.exec(entry.memo ?? '')?.[1] ?? '',
  );
  const bonusBreaches = [
    ...state.bonuses
      .filter((bonus) => bonusLines.get(bonus.id) !== 1)
      .map((bonus) => `${bonus.id}: ${bonusLines.get(bonus.id) ?? 0} ledger lines`),
    ...[...countBy(state.bonuses, (bonus) => bonus.submission_id)]
      .filter(([, count]) => count > 1)
      .map(([submission, count]) => `${submission}: ${count} bonuses`),
    ...[...bonusLines]
      .filter(([id]) => !state.bonuses.some((bonus) => bonus.id === id))
      .map(([id, count]) => `ledger: ${count} bonus lines for no bonus ${id}`),
  ];

  const runLines = countBy(
    state.ledger.filter((entry) => entry.kind === 'payout_run'),
    (entry) => `${/^Payout run (\S+) /.exec(entry.memo ?? '')?.[1] ?? ''} ${entry.submission_id}`,
  );
  const tasksOf = new Map(state.opportunities.map((opp) => [opp.id, opp.task_count]));
  const runOf = new Map(state.submissions.map((sub) => [sub.id, sub.opportunity_id]));
  const tasksPaid = sumBy(
    state.payoutLines,
    (line) => line.submission_id,
    (line) => line.tasks ?? 0,
  );
  const runTotals = sumBy(
    state.payoutLines,
    (line) => line.run_id,
    (line) => line.amount_cents,
  );
  const payoutBreaches = [
    ...[...countBy(state.payoutItems, (item) => `${item.opportunity_id} ${item.item_key}`)]
      .filter(([, count]) => count > 1)
      .map(([item, count]) => `item ${item} paid by ${count} runs`),
    ...state.payoutLines
      .filter((line) => runLines.get(`${line.run_id} ${line.submission_id}`) !== 1)
      .map(
        (line) =>
          `${line.run_id} ${line.submission_id}: ${runLines.get(`${line.run_id} ${line.submission_id}`) ?? 0} ledger lines`,
      ),
    ...[...tasksPaid]
      .filter(([submission, tasks]) => tasks > (tasksOf.get(runOf.get(submission) ?? '') ?? 0))
      .map(([submission, tasks]) => `${submission}: ${tasks} tasks paid`),
    ...state.payoutRuns
      .filter((run) => run.total_cents !== (runTotals.get(run.id) ?? 0))
      .map((run) => `${run.id}: total ${run.total_cents}, lines ${runTotals.get(run.id) ?? 0}`),
  ];
  return [
    row('approved work paid once', '0 submissions paid twice', approvals),
    row('bonus paid once', '0 bonuses paid twice or unledgered', bonusBreaches),
    row('payout line paid once', '0 items or lines paid twice', payoutBreaches),
  ];
}

interface QuotaJson {
  screening_question: string;
  targets: { value: string; count: number; type?: string }[];
}
interface CrossQuotaJson {
  label: string;
  target: number;
  quota_type: string;
}

/** No study holds more places than it has, nor more in a capped quota cell than its count. */
export function checkPlaces(state: ChaosState): InvariantRow[] {
  const holding = state.submissions.filter((sub) =>
    (PLACE_TAKING_STATUSES as readonly string[]).includes(sub.status),
  );
  const held = countBy(holding, (sub) => sub.opportunity_id);
  const overPlaces = state.opportunities
    .filter((opp) => (held.get(opp.id) ?? 0) > opp.num_participants)
    .map((opp) => `${opp.id}: ${held.get(opp.id)} of ${opp.num_participants} places held`);
  const inCell = new Map<string, number>();
  for (const sub of holding) {
    for (const cell of JSON.parse(sub.quota_cells) as string[]) {
      const key = `${sub.opportunity_id} ${cell}`;
      inCell.set(key, (inCell.get(key) ?? 0) + 1);
    }
  }
  const overCells: string[] = [];
  for (const opp of state.opportunities) {
    // Keys as src/screening/quotas.ts writes them (quotaCellKey, crossQuotaCellKey).
    const capped: [string, number][] = [
      ...(JSON.parse(opp.quotas) as QuotaJson[]).flatMap((quota) =>
        quota.targets
          .filter((target) => target.type !== 'minimum')
          .map((target): [string, number] => [
            `quota:${JSON.stringify([quota.screening_question, target.value])}`,
            target.count,
          ]),
      ),
      ...(JSON.parse(opp.cross_quotas) as CrossQuotaJson[])
        .filter((cross) => cross.quota_type !== 'minimum')
        .map((cross): [string, number] => [`cross:${JSON.stringify(cross.label)}`, cross.target]),
    ];
    for (const [cell, count] of capped) {
      const filled = inCell.get(`${opp.id} ${cell}`) ?? 0;
      if (filled > count) overCells.push(`${opp.id} ${cell}: ${filled} of ${count}`);
    }
  }
  return [
    row('no study over its places', '0 studies over', overPlaces),
    row('no quota cell over its count', '0 cells over', overCells),
  ];
}

/** Every event each subscription asked for delivered and received, one id per event. */
export function checkWebhooks(state: ChaosState): InvariantRow[] {
  const delivered = new Set(
    state.deliveries
      .filter((delivery) => delivery.status === 'delivered')
      .map((delivery) => `${delivery.subscription_id} ${delivery.event_id}`),
  );
  const receivedAt = new Set(state.received.map((hit) => `${hit.path} ${hit.headerId}`));
  const missing: string[] = [];
  let expected = 0;
  for (const subscription of state.subscriptions) {
    if (!subscription.confirmed_at || subscription.deleted_at) continue;
    const types = new Set(JSON.parse(subscription.event_types) as string[]);
    const path = new URL(subscription.target_url).pathname;
    for (const event of state.events) {
      if (event.organization_id !== subscription.organization_id) continue;
      if (!types.has(event.type) || event.created_at < subscription.confirmed_at) continue;
      expected += 1;
      if (!delivered.has(`${subscription.id} ${event.id}`)) {
        missing.push(`${event.id} (${event.type}) to ${subscription.id}: not delivered`);
      } else if (!receivedAt.has(`${path} ${event.id}`)) {
        missing.push(`${event.id} (${event.type}) to ${subscription.id}: never received`);
      }
    }
  }
  const eventIds = new Set(state.events.map((event) => event.id));
  const bodies = new Map<string, Set<string>>();
  const idBreaches: string[] = [];
  for (const hit of state.received) {
    if (hit.headerId !== hit.bodyId) {
      idBreaches.push(`header ${hit.headerId} on a body with id ${hit.bodyId}`);
    }
    if (!eventIds.has(hit.headerId)) idBreaches.push(`${hit.headerId}: no such event`);
    const seen = bodies.get(hit.headerId) ?? new Set<string>();
    seen.add(hit.bodyHash);
    bodies.set(hit.headerId, seen);
  }
  for (const [id, hashes] of bodies) {
    if (hashes.size > 1) idBreaches.push(`${id}: ${hashes.size} different bodies under one id`);
  }
  return [
    row(
      'every event delivered to each subscription at least once',
      `${expected} delivered and received`,
      missing,
      missing.length === 0
        ? `${expected} delivered and received`
        : `${missing.length} of ${expected} missing`,
    ),
    row(
      'deliveries told apart by their event id',
      `0 of ${state.received.length} received with a wrong or shared id`,
      idBreaches,
      `${idBreaches.length} of ${state.received.length}`,
    ),
  ];
}

/** Every mail sent or still queued, and none received more often than it was written. */
export function checkMail(state: ChaosState): InvariantRow[] {
  const unsettled = state.mails
    .filter((mail) => mail.status !== 'sent' && mail.status !== 'queued')
    .map((mail) => `${mail.id}: ${mail.status}`);
  const key = (to: string, subject: string) => `${to.toLowerCase()} | ${subject}`;
  const written = countBy(state.mails, (mail) => key(mail.to_address, mail.subject));
  const sent = countBy(
    state.mails.filter((mail) => mail.status === 'sent'),
    (mail) => key(mail.to_address, mail.subject),
  );
  const arrived = countBy(state.inbox, (mail) => key(mail.to, mail.subject));
  // Messages, not deliveries: deliveries of one Message-ID are one message (a resend after a
  // crash); a delivery without one counts on its own.
  const messages = new Map<string, Set<string>>();
  state.inbox.forEach((mail, index) => {
    const mailKey = key(mail.to, mail.subject);
    const ids = messages.get(mailKey) ?? new Set<string>();
    ids.add(mail.messageId || `delivery ${index}`);
    messages.set(mailKey, ids);
  });
  const resent = state.inbox.length - [...messages.values()].reduce((n, ids) => n + ids.size, 0);
  const twice = [...messages]
    .filter(([mail, ids]) => ids.size > (written.get(mail) ?? 0))
    .map(
      ([mail, ids]) => `${mail}: ${ids.size} messages received, written ${written.get(mail) ?? 0}`,
    );
  const lost = [...sent]
    .filter(([mail, count]) => (arrived.get(mail) ?? 0) < count)
    .map(([mail, count]) => `${mail}: sent ${count}, received ${arrived.get(mail) ?? 0}`);
  return [
    row(
      'every mail sent or queued',
      `0 of ${state.mails.length} failed`,
      unsettled,
      `${unsettled.length} of ${state.mails.length}`,
    ),
    row(
      'every mail marked sent was received',
      `${sent.size} recipients and subjects all received`,
      lost,
    ),
    row(
      'no mail received twice',
      `0 of ${state.inbox.length} received as two messages (${resent} resent with their Message-ID)`,
      twice,
    ),
  ];
}

/** No Idempotency-Key left in flight, no job left running, failed or overdue. */
export function checkLeftovers(state: ChaosState): InvariantRow[] {
  const inFlight = state.idempotencyKeys
    .filter((key) => key.status !== 'completed')
    .map((key) => `${key.scope} ${key.idempotency_key}: ${key.status}`);
  const overdueBefore = new Date(Date.parse(state.stoppedAt) - 60_000).toISOString();
  const jobs = state.jobs
    .filter(
      (job) =>
        !(
          job.status === 'done' ||
          job.status === 'cancelled' ||
          (job.status === 'pending' && job.run_at >= overdueBefore)
        ),
    )
    .map((job) => `${job.id} (${job.kind}): ${job.status}, due ${job.run_at}`);
  return [
    row(
      'no Idempotency-Key left in progress',
      `0 of ${state.idempotencyKeys.length}`,
      inFlight,
      `${inFlight.length} of ${state.idempotencyKeys.length}`,
    ),
    row(
      'every job done or scheduled',
      `0 of ${state.jobs.length} running, failed or overdue`,
      jobs,
      `${jobs.length} of ${state.jobs.length}`,
    ),
  ];
}

export function checkInvariants(state: ChaosState): InvariantRow[] {
  return [
    ...checkMoney(state),
    ...checkPaidOnce(state),
    ...checkPlaces(state),
    ...checkWebhooks(state),
    ...checkMail(state),
    ...checkLeftovers(state),
  ];
}

/** The table the run prints, in Markdown, with the first offending rows under it. */
export function formatTable(rows: readonly InvariantRow[]): string {
  const lines = ['| invariant | expected | found | ok |', '|---|---|---|---|'];
  for (const r of rows)
    lines.push(`| ${r.name} | ${r.expected} | ${r.found} | ${r.ok ? 'yes' : 'NO'} |`);
  for (const r of rows.filter((r) => !r.ok)) {
    lines.push('', `${r.name}:`, ...r.examples.map((example) => `  ${example}`));
  }
  return lines.join('\n');
}
