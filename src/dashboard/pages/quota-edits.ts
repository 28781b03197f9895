import type { CrossQuotaInput, QuotaInput } from '../../screening/index.ts';
import type { Question } from './screener-edits.ts';

/**
 * Quotas from the screener editor's tables, pure: a target per answer of a question (a blank count
 * sets none), and a cross-tab of two questions (a target per pair of answers). The screening engine
 * then judges the result as it judges PATCH /v2/opportunities/{id}.
 */
export const QUOTA_TYPES = ['exact', 'minimum', 'maximum'] as const;
type QuotaType = (typeof QUOTA_TYPES)[number];

const count = (text: string | undefined): number | string | undefined => {
  const value = (text ?? '').trim();
  if (value === '') return undefined;
  return /^\d+$/.test(value) ? Number(value) : value;
};
const typeOf = (text: string | undefined): QuotaType =>
  (QUOTA_TYPES as readonly string[]).includes(text ?? '') ? (text as QuotaType) : 'minimum';

/** The questions a quota can count: a chosen answer is a cell. */
export function quotaQuestions(questions: readonly Question[]): Question[] {
  return questions.filter((q) => q.pick === 'one' || q.pick === 'any' || q.pick === 'boolean');
}

/**
 * Fields `quota.<question index>.<answer index>.count|type`, read into one quota per question; an
 * answer without a type of its own takes its question's, `quota.<question index>.type`.
 */
export function quotasFromForm(
  questions: readonly Question[],
  form: Readonly<Record<string, string>>,
): QuotaInput[] {
  const quotas: QuotaInput[] = [];
  quotaQuestions(questions).forEach((question, q) => {
    const targets = question.answers.flatMap((answer, a) => {
      const wanted = count(form[`quota.${q}.${a}.count`]);
      return wanted === undefined
        ? []
        : [
            {
              value: answer.text,
              count: wanted as number,
              type: typeOf(form[`quota.${q}.${a}.type`] ?? form[`quota.${q}.type`]),
            },
          ];
    });
    if (targets.length > 0) quotas.push({ screening_question: question.key, targets });
  });
  return quotas;
}

export const crossDimension = (first: string, second: string) => `${first} × ${second}`;

/**
 * A cross-tab of two questions: fields `cross.<row>.<column>` hold each pair's target, one type
 * for all. Cross quotas of other dimensions are kept; this dimension's are replaced.
 */
export function crossQuotasFromForm(
  existing: readonly CrossQuotaInput[],
  first: Question,
  second: Question,
  form: Readonly<Record<string, string>>,
): CrossQuotaInput[] {
  const dimension = crossDimension(first.key, second.key);
  const type = typeOf(form.cross_type);
  const cells: CrossQuotaInput[] = [];
  first.answers.forEach((row, r) => {
    second.answers.forEach((column, c) => {
      const wanted = count(form[`cross.${r}.${c}`]);
      if (wanted === undefined) return;
      cells.push({
        label: `${row.text} × ${column.text}`,
        conditions: [
          { screening_question: first.key, answer: row.text, operator: 'eq' },
          { screening_question: second.key, answer: column.text, operator: 'eq' },
        ],
        join: 'and',
        target: wanted as number,
        quota_type: type,
        dimension,
      });
    });
  });
  return [...existing.filter((cell) => cell.dimension !== dimension), ...cells];
}

/**
 * Answers of question `key` renamed on its card (old text → new): the quota targets and cross
 * quota cells that counted them count them under their new names, so a rename is not refused for
 * a target that named the old text.
 */
export function renameInQuotas(
  quotas: readonly QuotaInput[],
  crossQuotas: readonly CrossQuotaInput[],
  key: string,
  renames: readonly [string, string][],
): { quotas: QuotaInput[]; crossQuotas: CrossQuotaInput[] } {
  const renamed = new Map(renames);
  const name = (text: string) => renamed.get(text) ?? text;
  return {
    quotas: quotas.map((quota) =>
      quota.screening_question === key
        ? { ...quota, targets: quota.targets.map((t) => ({ ...t, value: name(t.value) })) }
        : quota,
    ),
    crossQuotas: crossQuotas.map((cell) => {
      const mine = cell.conditions.filter((c) => c.screening_question === key);
      if (!mine.some((c) => renamed.has(c.answer))) return cell;
      return {
        ...cell,
        label: cell.label
          .split(' × ')
          .map((part) => (mine.some((c) => c.answer === part) ? name(part) : part))
          .join(' × '),
        conditions: cell.conditions.map((c) =>
          c.screening_question === key ? { ...c, answer: name(c.answer) } : c,
        ),
      };
    }),
  };
}
