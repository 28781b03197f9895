import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../src/mail/index.ts';
import { MAIL_GIVE_UP_ATTEMPTS, mailRetryDelayMs } from '../../src/mail/retry-schedule.ts';
import { client, createTestOrganization, engines } from '../support/harness.ts';
import { launchStudy, loadGeographyOnce, signUp } from '../support/participant-side.ts';
import { type MailWorld, RefusingInbox, startMailWorld } from './support.ts';

/**
 * A mail whose recipient the server refuses for good is given up after its eighth send, and the
 * address stops taking invitations (docs/decisions/0167-mail-a-person-can-trust.md); real SMTP to
 * a loopback server that refuses some recipients, on each engine.
 */
describe.each(engines())('undeliverable addresses on %s', (engine) => {
  let inbox: RefusingInbox;
  let world: MailWorld;
  const german = { country_id: 'DE', state_id: null, city_id: null, timezone: 'Europe/Berlin' };

  beforeAll(async () => {
    loadGeographyOnce();
    inbox = await RefusingInbox.start();
    world = await startMailWorld(engine, { smtpUrl: inbox.url, mailFrom: 'no-reply@cohort.test' });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
    await inbox?.stop();
  });

  const mailRow = (id: string) =>
    world.database.db
      .selectFrom('mail_messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const jobRow = (id: string) =>
    world.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', `mail.send:${id}`)
      .executeTakeFirstOrThrow();
  const participantRow = (id: string) =>
    world.database.db
      .selectFrom('participants')
      .select(['mail_undeliverable_at', 'email'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** Sends the mail until it is settled or `sends` sends were made, waiting out each retry. */
  async function sendRepeatedly(mailId: string, sends: number) {
    for (let send = 1; send <= sends; send++) {
      // The first test's invitations may go out in the same drain.
      await world.drain();
      const row = await mailRow(mailId);
      if (row.status !== 'queued') return row;
      world.advance(mailRetryDelayMs(send));
    }
    return mailRow(mailId);
  }

  it('gives a mail up on its eighth refusal, and its address takes no more invitations', async () => {
    const gone = await signUp(world.server, { ...german, email: `gone.${engine}@example.org` });
    const fine = await signUp(world.server, { ...german, email: `fine.${engine}@example.org` });
    const id = await queueMail(world.server.database.db, {
      to: `gone.${engine}@example.org`,
      subject: 'A message',
      text: 'Hello',
      kind: 'message',
    });

    // Seven refusals: queued, retried on the schedule, the address still taking mail.
    for (let send = 1; send < MAIL_GIVE_UP_ATTEMPTS; send++) {
      expect(await world.drain()).toBe(1);
      expect(await mailRow(id)).toMatchObject({ status: 'queued', attempts: send });
      expect((await jobRow(id)).status).toBe('pending');
      expect((await participantRow(gone.id)).mail_undeliverable_at).toBeNull();
      world.advance(mailRetryDelayMs(send));
    }
    expect(await world.drain()).toBe(1);
    const failed = await mailRow(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAIL_GIVE_UP_ATTEMPTS });
    expect(failed.last_error).toMatch(/550/);
    expect((await jobRow(id)).status).toBe('done');
    // Nothing is tried again.
    world.advance(3_600_000);
    expect(await world.drain()).toBe(0);

    expect((await participantRow(gone.id)).mail_undeliverable_at).toEqual(expect.any(String));
    expect((await participantRow(fine.id)).mail_undeliverable_at).toBeNull();
    expect((await gone.api.get('/v2/participant/me')).body.mail_undeliverable).toBe(true);
    expect((await fine.api.get('/v2/participant/me')).body.mail_undeliverable).toBe(false);
    // The log names the mail and the code, never the address.
    expect(world.log.text).toContain(id);
    expect(world.log.text).not.toContain(`gone.${engine}`);

    // An invitation by count passes over the address; by name it is refused as not eligible.
    const organization = await createTestOrganization(world.server, { balanceCents: 10_000_000 });
    const researcher = client(world.server, organization.apiKey);
    const study = await launchStudy(world.server, organization, {
      title: 'Nicht zustellbar',
      numParticipants: 10,
      filters: [{ 'multi_select--country': { $in: ['DE'] } }],
    });
    const invited = await researcher.post(`/v2/opportunities/${study.id}/invitations`, {
      count: 100,
    });
    expect(invited.status).toBe(200);
    const invitees = await world.database.db
      .selectFrom('invitations')
      .select('participant_id')
      .where('opportunity_id', '=', study.id)
      .execute();
    expect(invitees.map((row) => row.participant_id)).toContain(fine.id);
    expect(invitees.map((row) => row.participant_id)).not.toContain(gone.id);
    const named = await researcher.post(`/v2/opportunities/${study.id}/invitations`, {
      participant_ids: [gone.id],
    });
    expect(named.status).toBe(400);

    // A new address takes mail again.
    const changed = await gone.api.patch('/v2/participant/me', {
      email: `back.${engine}@example.org`,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.mail_undeliverable).toBe(false);
    expect((await participantRow(gone.id)).mail_undeliverable_at).toBeNull();
    const again = await researcher.post(`/v2/opportunities/${study.id}/invitations`, {
      participant_ids: [gone.id],
    });
    expect(again.status).toBe(200);
  });

  it('never gives up on a server that says to try later, nor on one it cannot reach', async () => {
    const busy = await signUp(world.server, { ...german, email: `busy.${engine}@example.org` });
    const id = await queueMail(world.server.database.db, {
      to: `busy.${engine}@example.org`,
      subject: 'A message',
      text: 'Hello',
      kind: 'message',
    });
    const row = await sendRepeatedly(id, MAIL_GIVE_UP_ATTEMPTS + 3);
    expect(row).toMatchObject({ status: 'queued', attempts: MAIL_GIVE_UP_ATTEMPTS + 3 });
    expect(row.last_error).toMatch(/450/);
    expect((await jobRow(id)).status).toBe('pending');
    expect((await participantRow(busy.id)).mail_undeliverable_at).toBeNull();
    // (A refused connection stays queued too: test/mail/smtp-delivery.test.ts.)
  });
});
