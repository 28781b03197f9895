import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../src/mail/index.ts';
import { engines } from '../support/harness.ts';
import { SmtpInbox } from '../support/smtp-inbox.ts';
import { type MailWorld, startMailWorld } from './support.ts';

describe.each(engines())('mail over SMTP on %s', (engine) => {
  let inbox: SmtpInbox;
  let world: MailWorld;
  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    world = await startMailWorld(engine, {
      smtpUrl: inbox.url,
      mailFrom: 'Cohort <no-reply@cohort.test>',
    });
  });
  afterAll(async () => {
    await world?.close();
    await inbox?.down();
  });

  const unique = (name: string) => `${name}.${engine}.${Date.now()}@Example.org`;
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

  it('delivers a queued mail to the SMTP server and marks it sent', async () => {
    const to = unique('ada');
    const text =
      'Hello Ada,\n\nOpen this link to confirm your email:\n\nhttp://cohort.test/v/abc123';
    const id = await world.server.database.db
      .transaction()
      .execute((trx) =>
        queueMail(trx, { to, subject: 'Confirm your email', text, kind: 'verify_email' }),
      );
    expect(id).toMatch(/^mail_/);
    expect(await mailRow(id)).toMatchObject({ status: 'queued', attempts: 0, sent_at: null });
    expect(inbox.received).toEqual([]);

    expect(await world.drain()).toBe(1);
    const delivered = inbox.received.find((mail) => mail.rcptTo.includes(to.toLowerCase()));
    expect(delivered).toMatchObject({
      mailFrom: 'no-reply@cohort.test',
      rcptTo: [to.toLowerCase()],
      subject: 'Confirm your email',
      body: text,
    });
    expect(delivered?.headers).toContain(`To: ${to.toLowerCase()}`);
    expect(delivered?.headers).toContain(`From: Cohort <no-reply@cohort.test>`);
    // Named after the mail, so a resend after a crash is the same message to the mailbox.
    expect(delivered?.headers).toContain(`Message-ID: <${id}@cohort.test>`);
    const row = await mailRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(Date.parse(row.sent_at ?? '')).toBeGreaterThanOrEqual(Date.parse(row.created_at));
    expect((await jobRow(id)).status).toBe('done');

    // Settled: the job running again (a worker that died after sending) sends nothing twice.
    await world.database.db
      .updateTable('jobs')
      .set({ status: 'pending', run_at: new Date(world.now()).toISOString() })
      .where('dedupe_key', '=', `mail.send:${id}`)
      .execute();
    const before = inbox.received.length;
    expect(await world.drain()).toBe(1);
    expect(inbox.received.length).toBe(before);
  });

  it('sends the HTML alternative along with the text', async () => {
    const to = unique('grace');
    await queueMail(world.server.database.db, {
      to,
      subject: 'You are invited',
      text: 'Join the panel: http://cohort.test/join',
      html: '<p>Join the <a href="http://cohort.test/join">panel</a></p>',
      kind: 'invitation',
    });
    await world.drain();
    const delivered = inbox.received.find((mail) => mail.rcptTo.includes(to.toLowerCase()));
    expect(delivered?.headers).toMatch(/Content-Type: multipart\/alternative/i);
    expect(delivered?.body).toContain('Join the panel: http://cohort.test/join');
    expect(delivered?.body).toContain('<a href="http://cohort.test/join">panel</a>');
  });

  it('keeps a mail queued while the server is down, retrying, and delivers it once it is up', async () => {
    const to = unique('barbara');
    const text = 'Someone asked to set a new password: http://cohort.test/r/xyz';
    await inbox.down();
    try {
      const id = await world.server.database.db
        .transaction()
        .execute((trx) =>
          queueMail(trx, { to, subject: 'Set your password', text, kind: 'reset_password' }),
        );

      expect(await world.drain()).toBe(1);
      let row = await mailRow(id);
      expect(row).toMatchObject({ status: 'queued', attempts: 1, sent_at: null });
      expect(row.last_error).toMatch(/ECONNREFUSED/);
      let job = await jobRow(id);
      // A failed send uses up none of the job's attempts: the job is never failed for good.
      expect(job).toMatchObject({ status: 'pending', attempts: 0 });
      expect(job.last_error).toMatch(/^SMTP send failed: \S*ECONNREFUSED/);
      const firstWait = Date.parse(job.run_at) - world.now();
      expect(firstWait).toBeGreaterThan(25_000);
      expect(firstWait).toBeLessThanOrEqual(30_000);

      // Not due yet: nothing runs.
      expect(await world.drain()).toBe(0);
      world.advance(30_000);
      expect(await world.drain()).toBe(1);
      expect(await mailRow(id)).toMatchObject({ status: 'queued', attempts: 2 });
      const secondWait = Date.parse((await jobRow(id)).run_at) - world.now();
      expect(secondWait).toBeGreaterThan(55_000);
      expect(secondWait).toBeLessThanOrEqual(60_000);

      // Long past the job's 20 attempts, the retry comes every hour, and the job stays pending.
      await world.database.db
        .updateTable('mail_messages')
        .set({ attempts: 40 })
        .where('id', '=', id)
        .execute();
      world.advance(60_000);
      expect(await world.drain()).toBe(1);
      row = await mailRow(id);
      expect(row).toMatchObject({ status: 'queued', attempts: 41 });
      job = await jobRow(id);
      expect(job.status).toBe('pending');
      const cappedWait = Date.parse(job.run_at) - world.now();
      expect(cappedWait).toBeGreaterThan(3_595_000);
      expect(cappedWait).toBeLessThanOrEqual(3_600_000);

      await inbox.up();
      world.advance(3_600_000);
      expect(await world.drain()).toBe(1);
      expect(await mailRow(id)).toMatchObject({ status: 'sent', attempts: 42 });
      expect(await jobRow(id)).toMatchObject({ status: 'done' });
      const delivered = inbox.received.filter((mail) => mail.rcptTo.includes(to.toLowerCase()));
      expect(delivered).toHaveLength(1);
      expect(delivered[0]).toMatchObject({ subject: 'Set your password', body: text });

      // Each failure was logged, with the mail's id, the count and the error's code only.
      expect(world.log.text).toContain(id);
      expect(world.log.text).toContain('ECONNREFUSED');
      expect(world.log.text).not.toMatch(/@example\.org/i);
      expect(world.log.text).not.toContain('cohort.test/');
    } finally {
      await inbox.up();
    }
  });
});
