import type { MailRun } from '../mail.ts';
import { type Figure, notMeasured, thousands } from './figure.ts';

const GOAL_PER_SECOND = 200;

function mailSends(engine: string, label: string): Figure {
  return {
    id: `mail_sends_${engine}`,
    label,
    goal: `≥ ${GOAL_PER_SECOND}/s`,
    bench: 'mail',
    read: (result) => {
      const run = (result as { runs?: MailRun[] } | undefined)?.runs?.find(
        (one) => one.engine === engine,
      );
      if (!run) {
        return notMeasured(
          engine === 'postgres' ? 'not run (set BENCH_DATABASE_URL)' : 'not in the result',
        );
      }
      return {
        text: `${thousands(run.perSecond)}/s`,
        met: run.perSecond >= GOAL_PER_SECOND,
        value: run.perSecond,
      };
    },
  };
}

/** Issue 35, item 7: the mail job to a loopback SMTP server over pooled connections. */
export const mailSendsSqlite = mailSends('sqlite', 'mails sent to loopback SMTP, SQLite');
export const mailSendsPostgres = mailSends('postgres', 'mails sent to loopback SMTP, PostgreSQL');
