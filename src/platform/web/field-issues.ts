import type { Issue } from '../errors.ts';
import type { AnyLocale } from '../i18n/locales.ts';

/**
 * Problems by form field, from the API's issue messages ("email: is not an email address"), so a
 * page shows each beside its field with the same words the API answers. Issues whose prefix
 * names no field of the form stay in `other`, shown above the form.
 *
 * Given the reader's `locale`, an issue that carries a catalog phrase is said in it: beside its
 * field without the field's name, where the translation starts with it as the English does.
 */
export function issuesByField(
  issues: readonly Issue[],
  fields: readonly string[],
  locale?: AnyLocale,
): { byField: Map<string, string[]>; other: string[] } {
  const byField = new Map<string, string[]>();
  const other: string[] = [];
  for (const { message, phrase } of issues) {
    const said = locale && phrase ? phrase.in(locale) : message;
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
      const named = message.slice(0, colon);
      list.push(
        said.startsWith(named) ? said.slice(named.length).replace(/^\s*:\s*/, '') : said.trim(),
      );
      byField.set(field, list);
    } else {
      other.push(said);
    }
  }
  return { byField, other };
}
