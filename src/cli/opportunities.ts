import { parseArgs } from 'node:util';
import { operatorActor } from '../audit/index.ts';
import {
  PAY_FREQUENCIES,
  type PayFrequencyChange,
  type PayFrequencySetting,
  setPayFrequency,
} from '../opportunities/index.ts';
import type { Database } from '../platform/db/database.ts';
import { isDomainError } from '../platform/errors.ts';
import { print, requireInteger, UsageError } from './output.ts';

const PAY_USAGE =
  'usage: cohort opportunity pay ID --frequency hourly --rate-cents N | --frequency per_task --task-price-cents N | --frequency one_time [--json]';

/**
 * `cohort opportunity pay`: an operator sets how an opportunity pays
 * (docs/decisions/0088-payout-runs.md); the change is recorded in the organization's audit log.
 */
export async function opportunityCommand(args: string[], database: Database) {
  const [action, ...rest] = args;
  if (action !== 'pay') throw new UsageError(PAY_USAGE);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      frequency: { type: 'string' },
      'rate-cents': { type: 'string' },
      'task-price-cents': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const id = positionals[0];
  if (!id || positionals.length > 1) throw new UsageError(PAY_USAGE);
  const change = payChange(values);
  try {
    const row = await setPayFrequency(database.db, {
      opportunityId: id,
      change,
      actor: operatorActor(),
    });
    const terms = {
      id: row.id,
      status: row.status,
      pay_frequency: row.pay_frequency,
      hourly_rate_cents: row.hourly_rate_cents === null ? null : Number(row.hourly_rate_cents),
      task_price_cents: row.task_price_cents === null ? null : Number(row.task_price_cents),
      cost_per_participant_cents: Number(row.cost_per_participant_cents),
      total_cost_cents: Number(row.total_cost_cents),
    };
    const rate =
      terms.pay_frequency === 'hourly'
        ? ` at ${terms.hourly_rate_cents} cents an hour`
        : terms.pay_frequency === 'per_task'
          ? ` at ${terms.task_price_cents} cents a task`
          : '';
    print(values.json, terms, `Opportunity ${row.id} now pays ${terms.pay_frequency}${rate}.`);
  } catch (error) {
    if (isDomainError(error)) {
      throw new UsageError(
        [error.message, ...error.issues.map((i) => i.message)]
          .filter((m, i, all) => all.indexOf(m) === i)
          .join('\n'),
      );
    }
    throw error;
  }
}

function payChange(values: {
  frequency?: string;
  'rate-cents'?: string;
  'task-price-cents'?: string;
}): PayFrequencyChange {
  const frequency = values.frequency as PayFrequencySetting | undefined;
  if (!frequency || !PAY_FREQUENCIES.includes(frequency)) {
    throw new UsageError(`--frequency must be one of ${PAY_FREQUENCIES.join(', ')}\n${PAY_USAGE}`);
  }
  if (frequency === 'hourly') {
    if (values['task-price-cents'] !== undefined) throw new UsageError(PAY_USAGE);
    return {
      frequency,
      hourlyRateCents: requireInteger('rate-cents', values['rate-cents'], { min: 1 }),
    };
  }
  if (frequency === 'per_task') {
    if (values['rate-cents'] !== undefined) throw new UsageError(PAY_USAGE);
    return {
      frequency,
      taskPriceCents: requireInteger('task-price-cents', values['task-price-cents'], { min: 1 }),
    };
  }
  if (values['rate-cents'] !== undefined || values['task-price-cents'] !== undefined) {
    throw new UsageError(PAY_USAGE);
  }
  return { frequency };
}
