import type { CrossQuota, Quota, ScreeningQuestion } from '../screening/index.ts';
import type { FileUploadTaskFields } from '../submissions/index.ts';
import type { OpportunityRow } from './opportunities.table.ts';

/** A task as stored on an opportunity: the contract 2.7 shape create accepts and GET reads. */
export interface OpportunityTask extends FileUploadTaskFields {
  sequence: number;
  task_type: string;
  review_type?: string;
  task_url?: string | null;
  title?: string;
  description?: string;
  duration_minutes?: number;
  available_after_sequence?: number | null;
  available_after_delay_minutes?: number | null;
  instructions?: string;
  provider?: string;
  calendar_owner?: string;
  event_type_url?: string;
}

/** The JSON columns of an opportunity, parsed: what screening, routing and task progress read. */
export interface OpportunityParts {
  filters: unknown[];
  questions: ScreeningQuestion[];
  quotas: Quota[];
  crossQuotas: CrossQuota[];
  tasks: OpportunityTask[];
  requiredAccounts: string[];
  deviceTypes: string[];
}

// A launched opportunity's parts never change (PATCH answers 409 once launched), so they are parsed
// once per row version rather than on every application.
const CACHE_SIZE = 1000;
const cache = new Map<string, OpportunityParts>();

function parseArray<T>(text: string | null | undefined): T[] {
  if (!text) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as T[]) : [];
}

export function opportunityParts(
  row: Pick<
    OpportunityRow,
    | 'id'
    | 'updated_at'
    | 'filters'
    | 'screening_questions'
    | 'quotas'
    | 'cross_quotas'
    | 'tasks'
    | 'required_accounts'
    | 'device_types'
  >,
): OpportunityParts {
  const key = `${row.id}\u0000${row.updated_at}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const parts: OpportunityParts = {
    filters: parseArray(row.filters),
    questions: parseArray<ScreeningQuestion>(row.screening_questions),
    quotas: parseArray<Quota>(row.quotas),
    crossQuotas: parseArray<CrossQuota>(row.cross_quotas),
    tasks: parseArray<OpportunityTask>(row.tasks).sort((a, b) => a.sequence - b.sequence),
    requiredAccounts: parseArray<string>(row.required_accounts),
    deviceTypes: parseArray<string>(row.device_types),
  };
  cache.set(key, parts);
  if (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return parts;
}
