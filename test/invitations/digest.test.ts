import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { invitationDigestJob } from '../../src/invitations/digest.job.ts';
import { localHourAt } from '../../src/invitations/digest-time.ts';
import { sendMailJob } from '../../src/mail/send.job.ts';
import type { JobRow } from '../../src/platform/jobs/jobs.table.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { addDays, utcDateOf } from '../../src/platform/time/calendar-date.ts';
import { offsetAt } from '../../src/platform/time/time-zone.ts';
import { jobContextFor } from '../../src/server.ts';
import {
  type Client,
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import { launchStudy, loadGeographyOnce, type Study, signUp } from '../support/participant-side.ts';
import { SmtpInbox } from '../support/smtp-inbox.ts';

const BERLIN = 'Europe/Berlin';
const LOS_ANGELES = 'America/Los_Angeles';
const HOUR = 3600_000;

/** The first date after today on which Berlin changes its clocks, so the clock only moves ahead. */
function nextBerlinChange(): string {
  let date = utcDateOf(Date.now());
  for (let day = 0; day < 400; day++) {
    const next = addDays(date, 1);
    if (
      offsetAt(Date.parse(`${next}T12:00:00Z`), BERLIN) !==
      offsetAt(Date.parse(`${date}T12:00:00Z`), BERLIN)
    ) {
      return next;
    }
    date = next;
  }
  throw new Error('Berlin changed its clocks no more within a year');
}

/**
 * The daily digest (docs/api/invitations.md, "Digests"): at 09:00 in each participant's time zone,
 * Berlin and Los Angeles, on the day before Berlin changes its clocks and on the day it does; one
 * digest per participant and day listing all that day's invitations, however many rounds run at
 * once; mailed over SMTP with its unsubscribe headers. A database of its own per engine.
 */
describe.each(engines())('invitation digests on %s', (engine) => {
  let server: TestServer;
  let inbox: SmtpInbox;
  let mailer: Worker;
  let organization: TestOrganization;
  let researcher: Client;
  const clock = { now: Date.now() };
  const people: Record<
    'berlinDe' | 'berlinEn' | 'berlinEach' | 'angeleno',
    { id: string; email: string }
  > = {} as never;

  const round = () =>
    invitationDigestJob.handle(jobContextFor(server.context, quietLog), {}, {} as JobRow);
  const invite = async (study: Study, ids: string[]) => {
    const response = await researcher.post(`/v2/opportunities/${study.id}/invitations`, {
      participant_ids: ids,
    });
    expect(response.status, response.text).toBe(200);
  };
  const digestsTo = (email: string) =>
    server.database.db
      .selectFrom('mail_messages')
      .select(['id', 'subject', 'text_body', 'headers', 'created_at'])
      .where('kind', '=', 'study_digest')
      .where('to_address', '=', email)
      .orderBy('id')
      .execute();
  const allDigests = async () =>
    (
      await server.database.db
        .selectFrom('mail_messages')
        .select('id')
        .where('kind', '=', 'study_digest')
        .execute()
    ).length;

  beforeAll(async () => {
    loadGeographyOnce();
    inbox = await SmtpInbox.start();
    server = await startTestServer(
      engine,
      { rateLimitPerKey: 100_000, smtpUrl: inbox.url },
      { ownDatabase: true, clock: () => clock.now },
    );
    mailer = new Worker(jobContextFor(server.context, quietLog), { definitions: [sendMailJob] });
    organization = await createTestOrganization(server, { balanceCents: 10_000_000 });
    researcher = client(server, organization.apiKey);
    const berlin = { country_id: 'DE', state_id: null, city_id: null, timezone: BERLIN };
    const sign = async (overrides: object, daily: boolean) => {
      const person = await signUp(server, overrides);
      if (daily) {
        await server.database.db
          .updateTable('participants')
          .set({ new_studies: 'daily' })
          .where('id', '=', person.id)
          .execute();
      }
      const { email } = await server.database.db
        .selectFrom('participants')
        .select('email')
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow();
      return { id: person.id, email };
    };
    people.berlinDe = await sign({ ...berlin, language: 'de' }, true);
    people.berlinEn = await sign(berlin, true);
    people.berlinEach = await sign(berlin, false);
    people.angeleno = await sign({ timezone: LOS_ANGELES }, true);
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await inbox.down();
  });

  it('sends one digest a day at 09:00 in each participant’s zone, across a clock change', async () => {
    const change = nextBerlinChange();
    const before = addDays(change, -1);
    const nine = (date: string, zone: string) => localHourAt(date, 9, zone);
    // The two 09:00s in Berlin are 23 or 25 hours apart: the digest follows the local clock.
    expect(Math.abs(nine(change, BERLIN) - nine(before, BERLIN))).not.toBe(24 * HOUR);

    const [first, second, third] = [
      await launchStudy(server, organization, { title: 'Erste Studie', numParticipants: 50 }),
      await launchStudy(server, organization, { title: 'Second study', numParticipants: 50 }),
      await launchStudy(server, organization, { title: 'Third study', numParticipants: 50 }),
    ];
    const everyone = Object.values(people).map((p) => p.id);

    // Two invitations on the morning of the day before the change, in Berlin.
    clock.now = localHourAt(before, 6, BERLIN);
    await invite(first!, everyone);
    clock.now = localHourAt(before, 7, BERLIN);
    await invite(second!, everyone);
    const rows = await server.database.db
      .selectFrom('invitations')
      .select(['participant_id', 'delivery', 'mail_id', 'digest_due_at'])
      .where('opportunity_id', '=', first!.id)
      .execute();
    const row = (id: string) => rows.find((r) => r.participant_id === id)!;
    expect(row(people.berlinEach.id)).toMatchObject({ delivery: 'each', digest_due_at: null });
    expect(row(people.berlinEach.id).mail_id).not.toBeNull();
    expect(row(people.berlinDe.id)).toMatchObject({
      delivery: 'daily',
      mail_id: null,
      digest_due_at: new Date(nine(before, BERLIN)).toISOString(),
    });
    expect(row(people.angeleno.id).digest_due_at).toBe(
      new Date(nine(before, LOS_ANGELES)).toISOString(),
    );

    clock.now = nine(before, BERLIN) - 1;
    expect(await round()).toMatchObject({ idle: true });
    expect(await allDigests()).toBe(0);

    // 09:00 in Berlin: three rounds at once (as several workers would) write two digests.
    clock.now = nine(before, BERLIN);
    await Promise.all([round(), round(), round()]);
    expect(await allDigests()).toBe(2);
    for (const person of [people.berlinDe, people.berlinEn]) {
      const [digest, ...more] = await digestsTo(person.email);
      expect(more).toEqual([]);
      expect(digest!.text_body).toContain('Erste Studie');
      expect(digest!.text_body).toContain('Second study');
    }
    expect(await digestsTo(people.berlinEach.email)).toEqual([]);
    expect(await digestsTo(people.angeleno.email)).toEqual([]);
    expect(await round()).toMatchObject({ idle: true });

    // 09:00 in Los Angeles, the same date there.
    clock.now = nine(before, LOS_ANGELES) - 1;
    expect(await round()).toMatchObject({ idle: true });
    clock.now = nine(before, LOS_ANGELES);
    expect(await round()).toMatchObject({ idle: false });
    const [angelenos] = await digestsTo(people.angeleno.email);
    expect(angelenos!.text_body).toContain('Erste Studie');
    expect(angelenos!.text_body).toContain('Second study');

    // Invited later that day: in the next day's digest, at 09:00 on the changed clock.
    clock.now = nine(before, LOS_ANGELES) + 60_000;
    await invite(third!, everyone);
    clock.now = nine(change, BERLIN) - 1;
    expect(await round()).toMatchObject({ idle: true });
    clock.now = nine(change, BERLIN);
    await Promise.all([round(), round()]);
    expect(await allDigests()).toBe(5);
    const [, changeDay] = await digestsTo(people.berlinDe.email);
    expect(changeDay!.text_body).toContain('Third study');
    expect(changeDay!.text_body).not.toContain('Erste Studie');
    const days = await server.database.db
      .selectFrom('invitation_digests')
      .select(['local_date', 'created_at'])
      .where('participant_id', '=', people.berlinDe.id)
      .orderBy('local_date')
      .execute();
    expect(days.map((day) => day.local_date)).toEqual([before, change]);
    const berlinClock = new Intl.DateTimeFormat('en-GB', {
      timeZone: BERLIN,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(days.map((day) => berlinClock.format(Date.parse(day.created_at)))).toEqual([
      '09:00',
      '09:00',
    ]);

    // A straggler due today after today's digest went out waits for tomorrow's: never two a day.
    const fourth = await launchStudy(server, organization, { title: 'Fourth', numParticipants: 5 });
    clock.now = nine(change, BERLIN) + 60_000;
    await invite(fourth, [people.berlinDe.id]);
    await server.database.db
      .updateTable('invitations')
      .set({ digest_due_at: new Date(clock.now).toISOString() })
      .where('opportunity_id', '=', fourth.id)
      .execute();
    expect(await round()).toMatchObject({ idle: true });
    expect(await digestsTo(people.berlinDe.email)).toHaveLength(2);
    const straggler = await server.database.db
      .selectFrom('invitations')
      .select(['mail_id', 'digest_due_at'])
      .where('opportunity_id', '=', fourth.id)
      .executeTakeFirstOrThrow();
    expect(straggler).toEqual({
      mail_id: null,
      digest_due_at: new Date(nine(addDays(change, 1), BERLIN)).toISOString(),
    });

    clock.now = nine(change, LOS_ANGELES);
    expect(await round()).toMatchObject({ idle: false });
    expect(await digestsTo(people.angeleno.email)).toHaveLength(2);

    // Over SMTP, in the reader's language, with the one-click unsubscribe headers.
    await mailer.drain();
    const delivered = inbox.received.filter(
      (mail) => mail.rcptTo.includes(people.berlinDe.email) && /Studie/.test(mail.subject),
    );
    expect(delivered.length).toBeGreaterThanOrEqual(2);
    const digest = delivered.find((mail) => mail.body.includes('Third study'))!;
    expect(digest.headers).toMatch(/^Content-Language: de$/im);
    expect(digest.headers).toMatch(/^List-Unsubscribe: <http:\/\/cohort\.test\/unsubscribe\//im);
    expect(digest.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
  });
});
