import type { CrossQuota, Quota, ScreeningQuestion } from '../screening/index.ts';
import type { FileUploadTaskFields } from './file-upload-settings.ts';
import type { OpportunityRow } from './opportunities.table.ts';

/**
 * A task as stored on an opportunity: the shape create accepts and GET reads (README,
 * "Opportunities").
 */
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
  /** Every stored task has one (create, and migration 0013 for older rows); never shown to participants. */
  completion_code?: string;
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

/**
 * JSON columns parsed once per distinct text: a launched opportunity's screener, quotas and tasks
 * never change (PATCH answers 409 once launched), so reads of it reuse the parsed value rather than
 * parsing on every application or GET. Keyed by the text itself, so a changed column can never be
 * served stale. Values are shared: callers must not mutate them.
 */
const CACHE_SIZE = 2000;

function cachedArray<T>(
  cache: Map<string, T[]>,
  text: string | null | undefined,
  map: (items: T[]) => T[] = (items) => items,
): T[] {
  if (!text) return [];
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const parsed: unknown = JSON.parse(text);
  const value = map(Array.isArray(parsed) ? (parsed as T[]) : []);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(text, value);
  return value;
}

const filtersCache = new Map<string, unknown[]>();
const questionsCache = new Map<string, ScreeningQuestion[]>();
const quotasCache = new Map<string, Quota[]>();
const crossQuotasCache = new Map<string, CrossQuota[]>();
const tasksCache = new Map<string, OpportunityTask[]>();
const namesCache = new Map<string, string[]>();

const bySequence = (tasks: OpportunityTask[]) => tasks.sort((a, b) => a.sequence - b.sequence);

/** An opportunity's JSON columns, parsed (tasks in sequence order); absent or non-list ones are []. */
export function opportunityParts(
  row: Pick<
    OpportunityRow,
    | 'filters'
    | 'screening_questions'
    | 'quotas'
    | 'cross_quotas'
    | 'tasks'
    | 'required_accounts'
    | 'device_types'
  >,
): OpportunityParts {
  return {
    filters: cachedArray(filtersCache, row.filters),
    questions: cachedArray(questionsCache, row.screening_questions),
    quotas: cachedArray(quotasCache, row.quotas),
    crossQuotas: cachedArray(crossQuotasCache, row.cross_quotas),
    tasks: cachedArray(tasksCache, row.tasks, bySequence),
    requiredAccounts: cachedArray(namesCache, row.required_accounts),
    deviceTypes: cachedArray(namesCache, row.device_types),
  };
}
