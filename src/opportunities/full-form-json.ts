import type { OpportunityResponse } from './schemas.ts';

/**
 * The full form's JSON with its large, rarely changing parts written once. The screener, quotas,
 * cross quotas, tasks and filters arrive as arrays shared between reads of the same stored text
 * (opportunity-parts.ts caches them by that text, and tasksView per tasks list), never changed
 * in place; their JSON is kept per array and spliced in after the rest. On the benchmark's 5.9 kB
 * launched study, in process on the loaded shared machine: JSON.stringify of the view 19 to 21 µs,
 * this 6 to 12 µs (docs/decisions/0124-answers-kept-with-the-rows-they-come-from.md). They come
 * last in the object, which JSON does not care about.
 */
const fragments = new WeakMap<object, string>();

function fragment(value: object): string {
  let json = fragments.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    fragments.set(value, json);
  }
  return json;
}

export function fullFormJson(view: OpportunityResponse): string {
  const { filters, screening_questions, quotas, cross_quotas, tasks, ...rest } = view;
  const head = JSON.stringify(rest);
  return `${head.slice(0, -1)},"filters":${fragment(filters)},"screening_questions":${fragment(
    screening_questions,
  )},"quotas":${fragment(quotas)},"cross_quotas":${fragment(cross_quotas)},"tasks":${fragment(
    tasks,
  )}}`;
}
