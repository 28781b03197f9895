import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { engines, type TestServer } from '../support/harness.ts';
import { balanceOf, ledgerOf } from '../support/money.ts';
import {
  apply,
  loadGeographyOnce,
  signUp,
  type TestParticipant,
} from '../support/participant-side.ts';
import { launch, scheduledStudy, startSessionsWorld } from './support.ts';

describe.each(engines())('attendance and no-shows on %s', (engine) => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  let clock: { now: number };
  beforeAll(async () => {
    loadGeographyOnce();
    ({ server, env, clock } = await startSessionsWorld(engine, '2026-11-01T08:00:00.000Z'));
  }, 60_000);
  afterAll(() => server?.close());

  const START = Date.parse('2026-11-10T09:00:00.000Z');

  /** A launched scheduled study with one session, and people enrolled in it. */
  async function sessionWith(
    people: TestParticipant[],
    input: { fee?: number; start?: number } = {},
  ) {
    clock.now = (input.start ?? START) - 10 * 86_400_000;
    const study = await scheduledStudy(server, { places: 10, showUpFeeCents: input.fee ?? 0 });
    const session = (
      await study.api.post(`/v2/opportunities/${study.opportunityId}/sessions`, {
        starts_at: new Date(input.start ?? START).toISOString(),
        duration_minutes: 60,
        capacity: 3,
        reserve: 2,
      })
    ).body;
    await launch(study.api, study.opportunityId);
    const submissions: string[] = [];
    for (const person of people) {
      const { submission_id } = await apply(person, study.opportunityId);
      const enrolled = await person.api.post(
        `/v2/participant/submissions/${submission_id}/enrollment`,
        {
          session_id: session.id,
        },
      );
      expect(enrolled.status, enrolled.text).toBe(200);
      submissions.push(submission_id!);
    }
    return { ...study, session, submissions };
  }

  it('refuses attendance before the start, and lists every bad entry in one 400, writing nothing', async () => {
    const people = await Promise.all([signUp(server), signUp(server)]);
    const { api, session, submissions } = await sessionWith(people);
    const path = `/v2/sessions/${session.id}/attendance`;
    const early = await api.post(path, {
      entries: [{ submission_id: submissions[0], status: 'participated' }],
    });
    expect(early.status).toBe(409);
    clock.now = START + 60_000;
    const bad = await api.post(path, {
      entries: [
        { submission_id: submissions[0], status: 'participated' },
        { submission_id: 'sub_unknown', status: 'no_show' },
        { submission_id: submissions[0], status: 'no_show' },
        { submission_id: submissions[1], status: 'maybe' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_REQUEST');
    const schemaIssues = bad.body.issues.map((issue: { message: string }) => issue.message);
    expect(schemaIssues.join('\n')).toContain('body.entries.3.status');
    const unknown = await api.post(path, {
      entries: [
        { submission_id: submissions[0], status: 'participated' },
        { submission_id: 'sub_unknown', status: 'no_show' },
        { submission_id: submissions[0], status: 'no_show' },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues.map((issue: { message: string }) => issue.message)).toEqual([
      `entries[1].submission_id: sub_unknown is not enrolled in session ${session.id}`,
      `entries[2].submission_id: ${submissions[0]} is listed twice`,
    ]);
    // All or none: nothing was recorded.
    const roster = await server.database.db
      .selectFrom('session_enrollments')
      .select('attendance')
      .where('session_id', '=', session.id)
      .execute();
    expect(roster.every((row) => row.attendance === null)).toBe(true);
    const ok = await api.post(path, {
      entries: [
        { submission_id: submissions[0], status: 'participated' },
        { submission_id: submissions[1], status: 'excused' },
      ],
    });
    expect(ok.status, ok.text).toBe(200);
    expect(
      ok.body.entries.map((entry: { submission_status: string }) => entry.submission_status),
    ).toEqual(['screen_passed', 'abandoned']);
    const again = await api.post(path, {
      entries: [{ submission_id: submissions[0], status: 'no_show' }],
    });
    expect(again.status).toBe(400);
    expect(again.body.issues[0].message).toContain('already recorded as participated');
  });

  it('pays the show-up fee through the ledger: the balance equals the ledger', async () => {
    const people = await Promise.all([signUp(server), signUp(server), signUp(server)]);
    const study = await sessionWith(people, { fee: 1_500 });
    const before = await balanceOf(server, study.organization.id);
    clock.now = START + 60_000;
    const recorded = await study.api.post(`/v2/sessions/${study.session.id}/attendance`, {
      entries: [
        { submission_id: study.submissions[0], status: 'participated' },
        { submission_id: study.submissions[1], status: 'showed_up_not_needed' },
        { submission_id: study.submissions[2], status: 'showed_up_not_needed' },
      ],
    });
    expect(recorded.status, recorded.text).toBe(200);
    expect(
      recorded.body.entries.map((entry: { show_up_fee_cents: number }) => entry.show_up_fee_cents),
    ).toEqual([0, 1_500, 1_500]);
    const after = await balanceOf(server, study.organization.id);
    expect(before - after).toBe(3_000);
    const ledger = await ledgerOf(server, study.organization.id);
    expect(ledger.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(after);
    const fees = ledger.filter((row) => row.kind === 'show_up_fee');
    expect(fees.map((row) => [row.amount_cents, row.participant_amount_cents])).toEqual([
      [-1_500, 1_500],
      [-1_500, 1_500],
    ]);
    expect(ledger.at(-1)!.balance_after_cents).toBe(after);
    const submission = await study.api.get(`/v2/submissions/${study.submissions[1]}`);
    expect(submission.body).toMatchObject({ status: 'abandoned', abandoned_reason: 'not_needed' });
  });

  it('keeps a participant at the no-show limit out of scheduled studies until forgiven', async () => {
    const person = await signUp(server);
    const first = await sessionWith([person], { start: START });
    clock.now = START + 60_000;
    expect(
      (
        await first.api.post(`/v2/sessions/${first.session.id}/attendance`, {
          entries: [{ submission_id: first.submissions[0], status: 'no_show' }],
        })
      ).status,
    ).toBe(200);
    const me = async () =>
      server.database.db
        .selectFrom('participants')
        .select(['no_shows', 'no_show_barred', 'email'])
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow();
    expect(Number((await me()).no_shows)).toBe(1);
    const second = await sessionWith([person], { start: START + 20 * 86_400_000 });
    clock.now = START + 20 * 86_400_000 + 60_000;
    await second.api.post(`/v2/sessions/${second.session.id}/attendance`, {
      entries: [{ submission_id: second.submissions[0], status: 'no_show' }],
    });
    expect(await me()).toMatchObject({ no_shows: 2, no_show_barred: 1 });
    const mails = await server.database.db
      .selectFrom('mail_messages')
      .select(['subject', 'kind'])
      .where('to_address', '=', (await me()).email)
      .where('kind', '=', 'no_show')
      .orderBy('id')
      .execute();
    expect(mails.map((mail) => mail.subject)).toEqual([
      'You missed a session',
      'Studies with sessions are closed to you for now',
    ]);
    // A third scheduled study: not offered, and applying is refused; an online one still is.
    const third = await scheduledStudy(server, { places: 5, title: 'A third lab study' });
    await third.api.post(`/v2/opportunities/${third.opportunityId}/sessions`, {
      starts_at: new Date(clock.now + 7 * 86_400_000).toISOString(),
      duration_minutes: 30,
      capacity: 2,
    });
    await launch(third.api, third.opportunityId);
    const online = await scheduledStudy(server, { places: 5, title: 'An online study' });
    await launch(online.api, online.opportunityId);
    const listed = async () => {
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await person.api.get(
          `/v2/participant/opportunities?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        );
        ids.push(...page.body.data.map((item: { id: string }) => item.id));
        cursor = page.body.pagination.next_cursor ?? undefined;
      } while (cursor);
      return ids;
    };
    const shown = await listed();
    expect(shown).toContain(online.opportunityId);
    expect(shown).not.toContain(third.opportunityId);
    const refused = await person.api.post(
      `/v2/participant/opportunities/${third.opportunityId}/applications`,
      { answers: [] },
    );
    expect(refused.status).toBe(404);
    // The catalog filter reads the same count: an online study for people without no-shows.
    const strict = await scheduledStudy(server, { places: 5, title: 'No no-shows, please' });
    const filtered = await strict.api.post('/v2/opportunities', {
      title: 'No no-shows, please',
      description: 'Online',
      project_id: strict.opportunity.project_id,
      num_participants: 5,
      expected_days_to_complete: 30,
      device_types: ['desktop'],
      filters: [{ 'integer--no_shows': { $lte: 0 } }],
      required_accounts: [],
      customer_screening_review: 'auto_invite',
      screening_option_randomization: 'disabled',
      screening_questions: strict.opportunity.screening_questions,
      quotas: [],
      cross_quotas: [],
      tasks: strict.opportunity.tasks,
    });
    expect(filtered.status, filtered.text).toBe(200);
    await launch(strict.api, filtered.body.id);
    expect(await listed()).not.toContain(filtered.body.id);
    // Nor can they be invited to it.
    const invite = () =>
      third.api.post(`/v2/opportunities/${third.opportunityId}/invitations`, {
        participant_ids: [person.id],
      });
    const uninvited = await invite();
    expect(uninvited.status, uninvited.text).not.toBe(200);
    await runCli(env, ['participant', 'forgive', person.id]);
    expect(await me()).toMatchObject({ no_shows: 0, no_show_barred: 0 });
    const forgiven = await listed();
    expect(forgiven).toContain(third.opportunityId);
    expect(forgiven).toContain(filtered.body.id);
    const invited = await invite();
    expect(invited.status, invited.text).toBe(200);
    expect(invited.body.invited).toBe(1);
  }, 120_000);
});
