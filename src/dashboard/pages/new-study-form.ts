import type { FilterCatalogEntry } from '../../filters/index.ts';

/**
 * The new-study form read back as the body of POST /v2/opportunities: the brief, the audience
 * (one filter per catalog entry the form offers), the tasks (blank slots left out) and the
 * screener and quotas as JSON. Pure: the page hands it the form and the catalog, and the create
 * use case judges the result exactly as it judges the API's.
 */
export const TASK_SLOTS = 3;

export interface NewStudyForm {
  body: Record<string, unknown>;
  /** Problems of the form itself (JSON that does not parse), listed with the create's. */
  issues: { message: string }[];
}

const lines = (value: string | undefined) =>
  (value ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const numberOr = (value: string | undefined) => {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  return /^-?\d+$/.test(text) ? Number(text) : text;
};

export function newStudyBody(
  form: Readonly<Record<string, string>>,
  catalog: readonly FilterCatalogEntry[],
): NewStudyForm {
  const issues: { message: string }[] = [];
  const filters: Record<string, Record<string, unknown>>[] = [];
  for (const entry of catalog) {
    if (entry.type === 'integer') {
      const bounds: Record<string, unknown> = {};
      const min = numberOr(form[`filter.${entry.slug}.min`]);
      const max = numberOr(form[`filter.${entry.slug}.max`]);
      if (min !== undefined) bounds.$gte = min;
      if (max !== undefined) bounds.$lte = max;
      if (Object.keys(bounds).length > 0) filters.push({ [entry.slug]: bounds });
    } else if (entry.type === 'multi_select') {
      const chosen = lines(form[`filter.${entry.slug}`]);
      if (chosen.length > 0) {
        const operator = form[`filter.${entry.slug}.exclude`] === 'yes' ? '$nin' : '$in';
        filters.push({ [entry.slug]: { [operator]: chosen } });
      }
    }
  }
  const tasks = [];
  for (let slot = 1; slot <= TASK_SLOTS; slot++) {
    const field = (name: string) => (form[`task${slot}.${name}`] ?? '').trim();
    if (field('title') === '' && field('task_url') === '' && field('description') === '') continue;
    const type = field('task_type') || 'activity';
    tasks.push({
      task_type: type,
      title: field('title'),
      description: field('description'),
      duration_minutes: numberOr(field('duration_minutes')) ?? 0,
      ...(type === 'file_upload' ? {} : { task_url: field('task_url') || null }),
    });
  }
  const json = (name: 'screening_questions' | 'quotas' | 'cross_quotas') => {
    const text = (form[name] ?? '').trim();
    if (text === '') return [];
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      issues.push({ message: `${name}: is not valid JSON (${(error as Error).message})` });
      return [];
    }
  };
  const body: Record<string, unknown> = {
    title: (form.title ?? '').trim(),
    internal_title: (form.internal_title ?? '').trim() || null,
    description: (form.description ?? '').trim() || null,
    project_id: form.project_id ?? '',
    num_participants: numberOr(form.num_participants) ?? 0,
    expected_days_to_complete: numberOr(form.expected_days_to_complete),
    customer_screening_review:
      form.customer_screening_review === 'manual_review' ? 'manual_review' : 'auto_invite',
    device_types: lines(form.device_types),
    filters,
    tasks,
    screening_questions: json('screening_questions'),
    quotas: json('quotas'),
    cross_quotas: json('cross_quotas'),
  };
  // The language the study is written in (docs/decisions/0163-study-translations.md); the
  // schema refuses any but the four, in its words.
  if (form.language) body.language = form.language;
  if (form.business_type === 'b2b' || form.business_type === 'b2c') {
    body.business_type = form.business_type;
  }
  if (body.expected_days_to_complete === undefined) delete body.expected_days_to_complete;
  if ((body.device_types as string[]).length === 0) delete body.device_types;
  return { body, issues };
}
