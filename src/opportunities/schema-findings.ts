import type { Issue } from '../platform/errors.ts';
import { type AjvIssue, describeValidationIssue } from '../platform/http/validation.ts';

/**
 * The create body's schema problems as issues, and the top-level fields they make malformed (whose
 * deeper checks create then skips). The API route reads them from Fastify's validation; the
 * dashboard's new-study form from the same schema checked by TypeBox, so both list the same words.
 */
export function schemaFindings(problems: readonly AjvIssue[]) {
  const issues: Issue[] = [];
  const malformed = new Set<string>();
  for (const problem of problems) {
    issues.push({ message: describeValidationIssue('body', problem) });
    const field =
      (problem.instancePath ?? '').split('/').filter(Boolean)[0] ??
      (problem.keyword === 'required' ? String(problem.params?.missingProperty) : undefined);
    if (field) malformed.add(field);
  }
  return { issues: [...new Map(issues.map((i) => [i.message, i])).values()], malformed };
}
