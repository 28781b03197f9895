import { describe, expect, it } from 'vitest';
import {
  type ChaosState,
  checkInvariants,
  formatTable,
  hashBody,
} from '../../scripts/chaos/invariants.ts';

/**
 * The chaos run's checks (scripts/chaos/invariants.ts) against a small consistent state, then that
 * state broken one way at a time: each breach must be flagged by its own row and no other.
 */

const QUOTAS = JSON.stringify([
  { screening_question: 'role', targets: [{ value: 'Designer', count: 1, type: 'maximum' }] },
]);
const DESIGNER = 'quota:["role","Designer"]';

function consistent(): ChaosState {
  const body = '{"id":"evt_1","type":"bonus.paid"}';
  return {
    organizations: [{ id: 'org_1', balance_cents: 10_000 - 1_000 - 200 - 10 - 300 }],
    ledger: [
      {
        organization_id: 'org_1',
        kind: 'credit',
        amount_cents: 10_000,
        submission_id: null,
        memo: 'Credit',
      },
      {
        organization_id: 'org_1',
        kind: 'launch_charge',
        amount_cents: -2_000,
        submission_id: null,
        memo: null,
      },
      {
        organization_id: 'org_1',
        kind: 'rejection_refund',
        amount_cents: 1_000,
        submission_id: 'sub_2',
        memo: null,
      },
      {
        organization_id: 'org_1',
        kind: 'participant_payout',
        amount_cents: 0,
        submission_id: 'sub_1',
        memo: null,
      },
      {
        organization_id: 'org_1',
        kind: 'bonus',
        amount_cents: -200,
        submission_id: 'sub_1',
        memo: 'Bonus bon_1 for work on "A"',
      },
      {
        organization_id: 'org_1',
        kind: 'bonus_fee',
        amount_cents: -10,
        submission_id: null,
        memo: 'Platform fee',
      },
      {
        organization_id: 'org_1',
        kind: 'payout_run',
        amount_cents: -300,
        submission_id: 'sub_1',
        memo: 'Payout run run_1 on "A": 1 task',
      },
    ],
    bonuses: [
      {
        id: 'bon_1',
        organization_id: 'org_1',
        submission_id: 'sub_1',
        amount_cents: 200,
        fee_cents: 10,
      },
    ],
    payoutRuns: [{ id: 'run_1', organization_id: 'org_1', total_cents: 300 }],
    payoutLines: [{ run_id: 'run_1', submission_id: 'sub_1', tasks: 1, amount_cents: 300 }],
    payoutItems: [{ opportunity_id: 'opp_1', item_key: 'sub_1:1' }],
    opportunities: [
      { id: 'opp_1', num_participants: 2, quotas: QUOTAS, cross_quotas: '[]', task_count: 1 },
    ],
    submissions: [
      {
        id: 'sub_1',
        opportunity_id: 'opp_1',
        status: 'approved',
        quota_cells: JSON.stringify([DESIGNER]),
      },
      {
        id: 'sub_2',
        opportunity_id: 'opp_1',
        status: 'rejected',
        quota_cells: JSON.stringify([DESIGNER]),
      },
      { id: 'sub_3', opportunity_id: 'opp_1', status: 'in_progress', quota_cells: '[]' },
    ],
    events: [
      {
        id: 'evt_1',
        organization_id: 'org_1',
        type: 'bonus.paid',
        created_at: '2026-01-01T00:00:01.000Z',
      },
    ],
    subscriptions: [
      {
        id: 'whk_1',
        organization_id: 'org_1',
        target_url: 'http://127.0.0.1:9/all',
        event_types: '["bonus.paid"]',
        confirmed_at: '2026-01-01T00:00:00.000Z',
        deleted_at: null,
      },
    ],
    deliveries: [{ subscription_id: 'whk_1', event_id: 'evt_1', status: 'delivered' }],
    received: [
      // At least once: the same event twice, the same bytes under the same id, is allowed.
      { path: '/all', headerId: 'evt_1', bodyId: 'evt_1', bodyHash: hashBody(body) },
      { path: '/all', headerId: 'evt_1', bodyId: 'evt_1', bodyHash: hashBody(body) },
    ],
    mails: [
      { id: 'mail_1', to_address: 'ana@example.com', subject: 'Hello', status: 'sent' },
      { id: 'mail_2', to_address: 'ben@example.com', subject: 'Hello', status: 'queued' },
    ],
    inbox: [{ to: 'ana@example.com', subject: 'Hello' }],
    idempotencyKeys: [{ scope: 'key_1', idempotency_key: 'k1', status: 'completed' }],
    jobs: [
      { id: 'job_1', kind: 'mail.send', status: 'done', run_at: '2026-01-01T00:00:00.000Z' },
      { id: 'job_2', kind: 'sweep', status: 'pending', run_at: '2026-01-01T00:10:30.000Z' },
    ],
    stoppedAt: '2026-01-01T00:10:00.000Z',
  };
}

const failing = (state: ChaosState) =>
  checkInvariants(state)
    .filter((row) => !row.ok)
    .map((row) => row.name);

describe('the chaos run invariants', () => {
  it('pass on a consistent state', () => {
    const rows = checkInvariants(consistent());
    expect(rows.filter((row) => !row.ok)).toEqual([]);
    expect(rows).toHaveLength(14);
    expect(formatTable(rows)).toContain(
      '| balance = sum of its ledger | 0 organizations off | 0 | yes |',
    );
  });

  it('counts one mail delivered again with its Message-ID as one message, two Message-IDs as two', () => {
    const resent = consistent();
    resent.inbox = [
      { to: 'ana@example.com', subject: 'Hello', messageId: '<mail_1@cohort.test>' },
      { to: 'ana@example.com', subject: 'Hello', messageId: '<mail_1@cohort.test>' },
    ];
    expect(failing(resent)).toEqual([]);
    const twice = consistent();
    twice.inbox = [
      { to: 'ana@example.com', subject: 'Hello', messageId: '<mail_1@cohort.test>' },
      { to: 'ana@example.com', subject: 'Hello', messageId: '<mail_2@cohort.test>' },
    ];
    expect(failing(twice)).toEqual(['no mail received twice']);
  });

  const breaches: [string, (state: ChaosState) => void, string[]][] = [
    [
      'a balance moved without its ledger line',
      (s) => {
        s.organizations[0]!.balance_cents -= 500;
      },
      [
        'balance = sum of its ledger',
        'balance = credit + refunds − launch charges − bonuses and fees − payout runs',
      ],
    ],
    [
      'a duplicated fee line and balance (a retry charged twice)',
      (s) => {
        s.ledger.push({ ...s.ledger[5]! });
        s.organizations[0]!.balance_cents -= 10;
      },
      ['balance = credit + refunds − launch charges − bonuses and fees − payout runs'],
    ],
    [
      'a second participant payout for one submission',
      (s) => {
        s.ledger.push({ ...s.ledger[3]! });
      },
      ['approved work paid once'],
    ],
    [
      'a bonus paid twice by a retried call',
      (s) => {
        s.bonuses.push({ ...s.bonuses[0]!, id: 'bon_2' });
        s.ledger.push({ ...s.ledger[4]!, memo: 'Bonus bon_2 for work on "A"' });
        s.organizations[0]!.balance_cents -= 200;
      },
      [
        'bonus paid once',
        'balance = credit + refunds − launch charges − bonuses and fees − payout runs',
      ],
    ],
    [
      'a bonus ledger line twice',
      (s) => {
        s.ledger.push({ ...s.ledger[4]! });
        s.organizations[0]!.balance_cents -= 200;
      },
      [
        'bonus paid once',
        'balance = credit + refunds − launch charges − bonuses and fees − payout runs',
      ],
    ],
    [
      'a payout item paid by two runs',
      (s) => {
        s.payoutItems.push({ ...s.payoutItems[0]! });
      },
      ['payout line paid once'],
    ],
    [
      'a task paid again by a second run',
      (s) => {
        s.payoutRuns.push({ id: 'run_2', organization_id: 'org_1', total_cents: 300 });
        s.payoutLines.push({
          run_id: 'run_2',
          submission_id: 'sub_1',
          tasks: 1,
          amount_cents: 300,
        });
        s.ledger.push({ ...s.ledger[6]!, memo: 'Payout run run_2 on "A": 1 task' });
        s.organizations[0]!.balance_cents -= 300;
      },
      ['payout line paid once'],
    ],
    [
      'more places held than the study has',
      (s) => {
        s.submissions.push({
          id: 'sub_4',
          opportunity_id: 'opp_1',
          status: 'screen_passed',
          quota_cells: '[]',
        });
      },
      ['no study over its places'],
    ],
    [
      'a capped quota cell over its count',
      (s) => {
        s.submissions[2]!.quota_cells = JSON.stringify([DESIGNER]);
      },
      ['no quota cell over its count'],
    ],
    [
      'an event never delivered to a subscription',
      (s) => {
        s.deliveries[0]!.status = 'pending';
      },
      ['every event delivered to each subscription at least once'],
    ],
    [
      'an event marked delivered the receiver never acknowledged',
      (s) => {
        s.received = [];
      },
      ['every event delivered to each subscription at least once'],
    ],
    [
      'two different bodies under one event id',
      (s) => {
        s.received[1]!.bodyHash = hashBody('{"id":"evt_1","type":"bonus.paid","x":1}');
      },
      ['deliveries told apart by their event id'],
    ],
    [
      'a failed mail',
      (s) => {
        s.mails[1]!.status = 'failed';
      },
      ['every mail sent or queued'],
    ],
    [
      'a mail marked sent that never arrived',
      (s) => {
        s.inbox = [];
      },
      ['every mail marked sent was received'],
    ],
    [
      'a mail received twice',
      (s) => {
        s.inbox.push({ to: 'ana@example.com', subject: 'Hello' });
      },
      ['no mail received twice'],
    ],
    [
      'an Idempotency-Key left in flight',
      (s) => {
        s.idempotencyKeys.push({ scope: 'key_1', idempotency_key: 'k2', status: 'in_flight' });
      },
      ['no Idempotency-Key left in progress'],
    ],
    [
      'a job left running, one failed, one long overdue',
      (s) => {
        s.jobs.push(
          {
            id: 'job_3',
            kind: 'webhook.deliver',
            status: 'running',
            run_at: '2026-01-01T00:09:00.000Z',
          },
          { id: 'job_4', kind: 'mail.send', status: 'failed', run_at: '2026-01-01T00:09:00.000Z' },
          { id: 'job_5', kind: 'mail.send', status: 'pending', run_at: '2026-01-01T00:05:00.000Z' },
        );
      },
      ['every job done or scheduled'],
    ],
  ];

  it.each(breaches)('flag %s', (_, breakIt, flagged) => {
    const state = consistent();
    breakIt(state);
    expect(failing(state).sort()).toEqual([...flagged].sort());
  });

  it('shows the offending rows under the table', () => {
    const state = consistent();
    state.idempotencyKeys.push({ scope: 'key_1', idempotency_key: 'k2', status: 'in_flight' });
    const table = formatTable(checkInvariants(state));
    expect(table).toContain('| no Idempotency-Key left in progress | 0 of 2 | 1 of 2 | NO |');
    expect(table).toContain('  key_1 k2: in_flight');
  });
});
