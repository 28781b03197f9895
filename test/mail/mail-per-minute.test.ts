import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { queueMails } from '../../src/mail/index.ts';
import { engines } from '../support/harness.ts';
import { SmtpInbox } from '../support/smtp-inbox.ts';
import { type MailWorld, startMailWorld } from './support.ts';

const PER_MINUTE = 5;

/**
 * MAIL_PER_MINUTE is one budget for every worker on the database
 * (docs/decisions/0167-mail-a-person-can-trust.md): two workers draining at once send at most that
 * many in a minute of the clock together, and a mail over it waits for the next minute, never
 * dropped. Real SMTP to a loopback server, on each engine.
 */
describe.each(engines())('MAIL_PER_MINUTE on %s', (engine) => {
  let inbox: SmtpInbox;
  let world: MailWorld;
  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    world = await startMailWorld(engine, {
      smtpUrl: inbox.url,
      mailFrom: 'no-reply@cohort.test',
      mailPerMinute: PER_MINUTE,
    });
  });
  afterAll(async () => {
    await world?.close();
    await inbox?.down();
  });

  it('reads the setting, 600 by default, and refuses less than one', () => {
    expect(loadConfig({}).mailPerMinute).toBe(600);
    expect(loadConfig({ MAIL_PER_MINUTE: '42' }).mailPerMinute).toBe(42);
    expect(() => loadConfig({ MAIL_PER_MINUTE: '0' })).toThrow(
      /MAIL_PER_MINUTE must be at least 1/,
    );
    expect(() => loadConfig({ MAIL_PER_MINUTE: 'lots' })).toThrow(/MAIL_PER_MINUTE/);
  });

  it('holds two workers together to the limit, each minute, until every mail is sent', async () => {
    const recipients = Array.from({ length: 12 }, (_, i) => `budget${i}.${engine}@example.org`);
    await queueMails(
      world.server.database.db,
      recipients.map((to) => ({ to, subject: 'Budget', text: 'Hello', kind: 'message' as const })),
    );
    const mine = () => inbox.received.filter((mail) => mail.subject === 'Budget').length;
    const first = world;
    const second = world.anotherWorker();
    const minuteStart = () => Math.floor(world.now() / 60_000) * 60_000;

    const perWindow: number[] = [];
    for (let window = 0; window < 4 && mine() < recipients.length; window++) {
      const before = mine();
      await Promise.all([first.drain(), second.drain()]);
      perWindow.push(mine() - before);
      // To the last second of the next minute, when every mail put off until then is due.
      world.advance(minuteStart() + 60_000 + 59_000 - world.now());
    }
    expect(perWindow).toEqual([5, 5, 2]);
    const rows = await world.database.db
      .selectFrom('mail_messages')
      .select(['status', 'attempts'])
      .where('subject', '=', 'Budget')
      .execute();
    expect(rows).toHaveLength(12);
    // Waiting for the budget is no failed send.
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    const delivered = inbox.received
      .filter((mail) => mail.subject === 'Budget')
      .flatMap((m) => m.rcptTo);
    expect(delivered.sort()).toEqual([...recipients].sort());
  });
});
