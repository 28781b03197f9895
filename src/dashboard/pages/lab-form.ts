import type { Issue } from '../../platform/errors.ts';

/**
 * The lab form read back as the fields of POST /v2/labs: text kept as typed (the use case trims
 * and judges it, as it judges the API's), seats read as a whole number. Pure: the page hands it
 * the form; a problem it finds is worded as the API words one, `field: why`.
 */
export interface LabForm {
  fields: { name: string; address: string; time_zone: string; capacity: number };
  issues: Issue[];
}

/** A whole number typed in a field, or undefined for anything else ("", "2.5", "ten"). */
export function wholeNumber(text: string | undefined): number | undefined {
  const trimmed = (text ?? '').trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : undefined;
}

export function labFormFields(form: Readonly<Record<string, string>>): LabForm {
  const issues: Issue[] = [];
  const capacity = wholeNumber(form.capacity);
  if (capacity === undefined || capacity < 1) {
    issues.push({ message: 'capacity: must be a whole number of seats, at least 1' });
  }
  return {
    fields: {
      name: form.name ?? '',
      address: form.address ?? '',
      time_zone: (form.time_zone ?? '').trim(),
      capacity: capacity ?? 0,
    },
    issues,
  };
}

/** Problems by field name, with the field's name taken off; the rest stay in `other`. */
export function problemsByField(
  issues: readonly Issue[],
  fields: readonly string[],
): { byField: Map<string, string[]>; other: string[] } {
  const byField = new Map<string, string[]>();
  const other: string[] = [];
  for (const { message } of issues) {
    const text = message.replace(/^body\./, '');
    const colon = text.indexOf(':');
    const field = colon > 0 ? text.slice(0, colon).trim() : '';
    if (fields.includes(field)) {
      byField.set(field, [...(byField.get(field) ?? []), text.slice(colon + 1).trim()]);
    } else {
      other.push(message);
    }
  }
  return { byField, other };
}
