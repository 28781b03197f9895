import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../src/mail/index.ts';
import { isDomainError } from '../../src/platform/errors.ts';
import { runCli } from '../support/cli.ts';
import { engines } from '../support/harness.ts';
import { type MailWorld, startMailWorld } from './support.ts';

describe.each(engines())('mail without SMTP_URL on %s', (engine) => {
  let world: MailWorld;
  beforeAll(async () => {
    world = await startMailWorld(engine);
  });
  afterAll(() => world?.close());

  const unique = (name: string) => `${name}.${engine}.${Date.now()}@example.org`;
  const mailList = async (...args: string[]) =>
    JSON.parse((await runCli(world.cliEnv, ['mail', 'list', ...args, '--json'])).stdout);

  it('keeps the mail in the database, where `cohort mail list --to` shows it newest first', async () => {
    expect(world.server.context.config.smtpUrl).toBeUndefined();
    const to = unique('ada');
    const first = await world.server.database.db.transaction().execute((trx) =>
      queueMail(trx, {
        to: `  ${to.toUpperCase()} `,
        subject: 'Confirm your email for cohort.test',
        text: 'Open http://cohort.test/participate/verify/abc to confirm.',
        kind: 'verify_email',
        language: 'en',
      }),
    );
    const second = await world.server.database.db.transaction().execute((trx) =>
      queueMail(trx, {
        to,
        subject: 'Set your password for cohort.test',
        text: 'Open http://cohort.test/participate/reset/xyz to choose one.',
        kind: 'reset_password',
      }),
    );
    await queueMail(world.server.database.db, {
      to: unique('someone.else'),
      subject: 'Not for Ada',
      text: 'Hello',
      kind: 'message',
    });

    expect(await world.drain()).toBe(3);
    const rows = await world.database.db
      .selectFrom('mail_messages')
      .select(['id', 'status', 'attempts', 'sent_at'])
      .where('id', 'in', [first, second])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: first, status: 'kept', attempts: 0, sent_at: null },
      { id: second, status: 'kept', attempts: 0, sent_at: null },
    ]);

    // The address is matched as every address is, whatever its case or spaces.
    const listed = await mailList('--to', ` ${to.toUpperCase()}`);
    expect(listed).toEqual([
      {
        id: second,
        to: to.toLowerCase(),
        subject: 'Set your password for cohort.test',
        headers: {},
        kind: 'reset_password',
        status: 'kept',
        created_at: expect.any(String),
        sent_at: null,
        text: 'Open http://cohort.test/participate/reset/xyz to choose one.',
        attachments: [],
      },
      {
        id: first,
        to: to.toLowerCase(),
        subject: 'Confirm your email for cohort.test',
        headers: { 'Content-Language': 'en' },
        kind: 'verify_email',
        status: 'kept',
        created_at: expect.any(String),
        sent_at: null,
        text: 'Open http://cohort.test/participate/verify/abc to confirm.',
        attachments: [],
      },
    ]);
    expect(await mailList('--to', to, '--limit', '1')).toEqual([listed[0]]);
    expect((await mailList('--limit', '3')).map((mail: { id: string }) => mail.id)).toContain(
      second,
    );

    const table = await runCli(world.cliEnv, ['mail', 'list', '--to', to]);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +CREATED +STATUS +KIND +TO +SUBJECT$/);
    expect(lines.slice(1).map((line) => line.split(/ +/)[0])).toEqual([second, first]);
    expect(lines[1]).toContain('kept');
  });

  it('prints an empty list for an address with no mail, and refuses a bad limit', async () => {
    expect(await mailList('--to', unique('nobody'))).toEqual([]);
    await expect(runCli(world.cliEnv, ['mail', 'list', '--limit', '0'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--limit'),
    });
  });

  it('exists only if the change that queued it committed', async () => {
    const to = unique('rolled.back');
    await expect(
      world.server.database.db.transaction().execute(async (trx) => {
        await queueMail(trx, { to, subject: 'Never', text: 'Never sent', kind: 'message' });
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');
    const left = await world.database.db
      .selectFrom('mail_messages')
      .select('id')
      .where('to_address', '=', to)
      .execute();
    expect(left).toEqual([]);
    expect(await world.drain()).toBe(0);
  });

  it('refuses an address that is not one mailbox, writing nothing', async () => {
    const to = `${unique('ada')}, eve@example.net`;
    const refused = await queueMail(world.server.database.db, {
      to,
      subject: 'Hi',
      text: 'Hi',
      kind: 'message',
    }).catch((error: unknown) => error);
    expect(isDomainError(refused) && refused.code).toBe('BAD_REQUEST');
    const written = await world.database.db
      .selectFrom('mail_messages')
      .select('id')
      .where('to_address', 'like', '%eve@example.net%')
      .execute();
    expect(written).toEqual([]);
  });
});
