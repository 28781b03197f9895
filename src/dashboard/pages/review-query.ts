import type { SubmissionStatus } from '../../admission/index.ts';
import type { ReviewSort } from '../../submissions/index.ts';

/**
 * What the submissions table shows, read from the page's query string and written back into its
 * links (docs/decisions/0183-review-at-a-glance.md): a status, flagged work only, the order, the
 * page (a keyset cursor) and the submission open in the side panel. Pure: the page and its tests
 * read and write the same URLs.
 */
export interface ReviewTableState {
  status?: SubmissionStatus;
  flagged: boolean;
  sort: ReviewSort;
  order: 'asc' | 'desc';
  cursor?: string;
  open?: string;
}

/** Each sort's first order: newest applications and hand-ins first, the quickest work first. */
const FIRST_ORDER: Record<ReviewSort, 'asc' | 'desc'> = {
  applied: 'desc',
  submitted: 'desc',
  time_taken: 'asc',
};

/** The orders the table offers, as the `sort` parameter spells them, with their words. */
export const REVIEW_ORDERS: readonly { value: string; label: string }[] = [
  { value: 'applied-desc', label: 'Newest application first' },
  { value: 'applied-asc', label: 'Oldest application first' },
  { value: 'submitted-desc', label: 'Handed in most recently first' },
  { value: 'submitted-asc', label: 'Handed in longest ago first' },
  { value: 'time_taken-asc', label: 'Quickest work first' },
  { value: 'time_taken-desc', label: 'Slowest work first' },
];

const isSort = (value: string): value is ReviewSort => Object.hasOwn(FIRST_ORDER, value);

const SUBMISSION_ID = /^sub_[A-Za-z0-9_-]{1,80}$/;

/**
 * The table's state from a query string; anything unknown falls back to the default. `statuses`
 * are the submission statuses a filter may name (admission's list, passed in so this stays pure).
 */
export function reviewTableState(
  query: Record<string, string | undefined>,
  statuses: readonly SubmissionStatus[],
): ReviewTableState {
  const status = statuses.find((candidate) => candidate === query.status);
  const [sortName = '', orderName = ''] = (query.sort ?? '').split('-');
  const sort = isSort(sortName) ? sortName : 'applied';
  const order = orderName === 'asc' || orderName === 'desc' ? orderName : FIRST_ORDER[sort];
  return {
    status,
    flagged: query.flagged === '1',
    sort,
    order,
    cursor: query.cursor || undefined,
    open: query.open && SUBMISSION_ID.test(query.open) ? query.open : undefined,
  };
}

/**
 * The table's URL under `base` for a state: defaults left out, so the plain list is the bare path.
 * A change of filter or order starts again at the first page (a cursor belongs to one order).
 */
export function reviewTableHref(
  base: string,
  state: ReviewTableState,
  change: Partial<ReviewTableState> = {},
): string {
  const next = { ...state, ...change };
  const reordered =
    next.status !== state.status ||
    next.flagged !== state.flagged ||
    next.sort !== state.sort ||
    next.order !== state.order;
  const params = new URLSearchParams();
  if (next.status) params.set('status', next.status);
  if (next.flagged) params.set('flagged', '1');
  if (next.sort !== 'applied' || next.order !== FIRST_ORDER.applied) {
    params.set('sort', `${next.sort}-${next.order}`);
  }
  const cursor = 'cursor' in change ? change.cursor : reordered ? undefined : next.cursor;
  if (cursor) params.set('cursor', cursor);
  if (next.open) params.set('open', next.open);
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/** A column heading's sort: its first order, or the other one when it already sorts the table. */
export function headingSort(
  state: ReviewTableState,
  sort: ReviewSort,
): { order: 'asc' | 'desc'; current: 'ascending' | 'descending' | undefined } {
  if (state.sort !== sort) return { order: FIRST_ORDER[sort], current: undefined };
  return {
    order: state.order === 'asc' ? 'desc' : 'asc',
    current: state.order === 'asc' ? 'ascending' : 'descending',
  };
}

/** A duration in seconds as a person reads it: "45 s", "12 min", "1 h 05 min", "2 d 3 h". */
export function durationWords(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
