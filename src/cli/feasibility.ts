import { parseArgs } from 'node:util';
import type { FeasibilityRequestRow } from '../feasibility/index.ts';
import {
  closeFeasibilityRequest,
  type FeasibilityStatus,
  findFeasibilityRequestAnyOrganization,
  formatCents,
  isFeasibilityStatus,
  listFeasibilityRequests,
  parseDecimalToCents,
  respondToFeasibilityRequest,
} from '../feasibility/index.ts';
import { findOrganization } from '../organizations/index.ts';
import type { Database } from '../platform/db/database.ts';
import { isDomainError } from '../platform/errors.ts';
import { print, UsageError } from './output.ts';

const USAGE = `usage:
  cohort feasibility list [--status RECEIVED|RESPONDED|WON|LOST|NOT_PURSUED] [--limit N] [--json]
  cohort feasibility respond ID --cpi 45.00 [--fee 12.00] [--json]
  cohort feasibility close ID --lost|--not-pursued [--json]`;

/** The operator's view: the brief, the price once there is one, and why it waits for a person. */
export function feasibilityJson(row: FeasibilityRequestRow) {
  return {
    id: row.id,
    organization_id: row.organization_id,
    status: row.status,
    task_description: row.task_description,
    panel_description: row.panel_description,
    submission_count: row.submission_count,
    timeline_hours: row.timeline_hours,
    pay_rate_frequency: row.pay_rate_frequency,
    loi_minutes: row.loi_minutes,
    cost_per_participant: row.cpi_cents === null ? null : formatCents(row.cpi_cents),
    fee: row.fee_cents === null ? null : formatCents(row.fee_cents),
    responded_by: row.responded_by,
    responded_at: row.responded_at,
    operator_note: row.operator_note,
    created_at: row.created_at,
  };
}

function line(row: FeasibilityRequestRow): string {
  const price = row.cpi_cents === null ? '' : ` CPI ${formatCents(row.cpi_cents)}`;
  const note = row.operator_note ? `\n    ${row.operator_note}` : '';
  return `${row.id}  ${row.status}  ${row.submission_count} x ${row.loi_minutes} min in ${row.timeline_hours} h  ${row.pay_rate_frequency}${price}\n    panel: ${row.panel_description}${note}`;
}

function amount(name: string, text: string | undefined): number {
  if (text === undefined) throw new UsageError(`--${name} is required\n\n${USAGE}`);
  const cents = parseDecimalToCents(text);
  if (cents === null) {
    throw new UsageError(`--${name} must be an amount in dollars such as 45 or 45.00`);
  }
  return cents;
}

/** Domain errors (not found, conflict, invalid price) become plain operator messages. */
async function operatorAction<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (isDomainError(error)) throw new UsageError(error.message);
    throw error;
  }
}

export async function feasibilityCommand(args: string[], database: Database) {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      limit: { type: 'string', default: '100' },
      cpi: { type: 'string' },
      fee: { type: 'string' },
      lost: { type: 'boolean', default: false },
      'not-pursued': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const { db } = database;

  if (action === 'list') {
    const status = values.status?.toUpperCase();
    if (status !== undefined && !isFeasibilityStatus(status)) {
      throw new UsageError(`--status must be one of RECEIVED, RESPONDED, WON, LOST, NOT_PURSUED`);
    }
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be at least 1');
    const rows = await listFeasibilityRequests(db, {
      status: status as FeasibilityStatus | undefined,
      limit,
    });
    print(
      values.json,
      rows.map(feasibilityJson),
      rows.length === 0 ? 'No feasibility requests.' : rows.map(line).join('\n'),
    );
    return;
  }

  const id = positionals[0];
  if (action === 'respond') {
    if (!id) throw new UsageError(USAGE);
    const cpiCents = amount('cpi', values.cpi);
    let feeCents: number;
    if (values.fee !== undefined) {
      feeCents = amount('fee', values.fee);
    } else {
      // Without --fee the organization's usual platform fee is the part of the CPI kept.
      const request = await findFeasibilityRequestAnyOrganization(db, id);
      if (!request) throw new UsageError(`no feasibility request ${id}`);
      const organization = await findOrganization(db, request.organization_id);
      feeCents = organization?.platform_fee_cents ?? 0;
      if (feeCents > cpiCents) {
        throw new UsageError(
          `the organization's platform fee (${formatCents(feeCents)}) exceeds the CPI; pass --fee`,
        );
      }
    }
    const row = await operatorAction(() =>
      respondToFeasibilityRequest(db, id, { cpiCents, feeCents, by: 'operator' }),
    );
    print(
      values.json,
      feasibilityJson(row),
      `${row.id} is RESPONDED: CPI ${formatCents(cpiCents)} (fee ${formatCents(feeCents)}).`,
    );
    return;
  }

  if (action === 'close') {
    if (!id) throw new UsageError(USAGE);
    if (values.lost === values['not-pursued']) {
      throw new UsageError('pass exactly one of --lost or --not-pursued');
    }
    const to = values.lost ? 'LOST' : 'NOT_PURSUED';
    const row = await operatorAction(() => closeFeasibilityRequest(db, id, to));
    print(values.json, feasibilityJson(row), `${row.id} is ${row.status}.`);
    return;
  }
  throw new UsageError(USAGE);
}
