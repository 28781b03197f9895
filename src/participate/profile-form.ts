import type { FilterCatalogEntry } from '../filters/index.ts';

/**
 * The profile form is generated from the filter catalog (docs/participant-app.md, "Profile"): each
 * multi_select a participant can hold becomes a field, so a filter added to the catalog appears on
 * the form with no new code. Places (country, state, city) and age (asked as the birth date) are
 * profile columns rather than attributes; reference filters name studies, not people, and the
 * record of decisions (`integer--approval_rate`, `integer--approved_submissions`) is kept by the
 * service rather than answered.
 */
export type ProfileField =
  | { kind: 'place'; slug: string; level: 'country' | 'state' | 'city'; name: string }
  | { kind: 'birth_date'; slug: string; name: string }
  | { kind: 'attribute'; slug: string; name: string; category: FilterCatalogEntry['category'] };

export interface CatalogSource {
  entry: FilterCatalogEntry;
  source?: { kind: string };
}

export function profileFields(catalog: readonly CatalogSource[]): ProfileField[] {
  const fields: ProfileField[] = [];
  for (const { entry, source } of catalog) {
    if (entry.type === 'integer' && entry.slug === 'integer--age') {
      fields.push({ kind: 'birth_date', slug: entry.slug, name: 'Date of birth' });
    } else if (entry.type === 'multi_select' && source) {
      if (source.kind === 'country' || source.kind === 'state' || source.kind === 'city') {
        fields.push({ kind: 'place', slug: entry.slug, level: source.kind, name: entry.name });
      } else if (source.kind === 'fixed') {
        fields.push({
          kind: 'attribute',
          slug: entry.slug,
          name: entry.name,
          category: entry.category,
        });
      }
    }
  }
  return fields;
}

/** The form field holding an attribute's chosen option ids (the API's issue prefix, too). */
export const attributeField = (slug: string) => `attributes.${slug}`;

/** Chosen option ids per attribute slug, from the form (checkbox values joined by newlines). */
export function attributesFromForm(
  fields: readonly ProfileField[],
  form: Readonly<Record<string, string>>,
): Record<string, string[]> {
  const attributes: Record<string, string[]> = {};
  for (const field of fields) {
    if (field.kind !== 'attribute') continue;
    const ids = (form[attributeField(field.slug)] ?? '')
      .split('\n')
      .map((id) => id.trim())
      .filter((id) => id !== '');
    if (ids.length > 0) attributes[field.slug] = [...new Set(ids)];
  }
  return attributes;
}
