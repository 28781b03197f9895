import type { Issue } from '../errors.ts';

/**
 * Problems by form field, from the API's issue messages ("email: is not an email address"), so a
 * page shows each beside its field with the same words the API answers. Issues whose prefix
 * names no field of the form stay in `other`, shown above the form.
 */
export function issuesByField(
  issues: readonly Issue[],
  fields: readonly string[],
): { byField: Map<string, string[]>; other: string[] } {
  const byField = new Map<string, string[]>();
  const other: string[] = [];
  for (const { message } of issues) {
    const colon = message.indexOf(':');
    // `attributes.x[2]` is a problem of the field `attributes.x`.
    const field =
      colon > 0
        ? message
            .slice(0, colon)
            .trim()
            .replace(/\[\d+\]$/, '')
        : '';
    if (fields.includes(field)) {
      const list = byField.get(field) ?? [];
      list.push(message.slice(colon + 1).trim());
      byField.set(field, list);
    } else {
      other.push(message);
    }
  }
  return { byField, other };
}
