import type { InvitationRun, InvitationsResult } from '../invitations.ts';
import { type Figure, notMeasured } from './figure.ts';

const GOAL_MS = 2_000;

function invitations(engine: 'sqlite' | 'postgres', label: string): Figure {
  return {
    id: `invite_5000_${engine}`,
    label,
    goal: `≤ ${GOAL_MS.toLocaleString('en-US')} ms each, exact`,
    bench: 'invitations',
    read: (result) => {
      const run: InvitationRun | undefined = (result as InvitationsResult | undefined)?.[engine];
      if (!run) return notMeasured('not run');
      const slowest = Math.max(...run.callsMs);
      return {
        text: `${run.callsMs.map((ms) => ms.toFixed(0)).join(', ')} ms${run.exact ? '' : ', NOT exact'}`,
        met: slowest <= GOAL_MS && run.exact,
        value: slowest,
      };
    },
  };
}

/** Issue 35, item 7: inviting 5,000 of 100,000 eligible. */
export const inviteSqlite = invitations('sqlite', 'invite 5,000 of 100,000 eligible, SQLite');
export const invitePostgres = invitations(
  'postgres',
  'invite 5,000 of 100,000 eligible, PostgreSQL',
);
