import type { Issue } from '../../platform/errors.ts';
import { wholeNumber } from './lab-form.ts';

/**
 * The new-session form read back as the body of POST /v2/opportunities/{id}/sessions. The start is
 * typed on a wall clock (a datetime-local field): the lab's, or for an online session the zone
 * chosen beside it, and sent as the instant it names. Numbers left blank take the API's defaults;
 * text that is no number is passed on as typed, so the API's own schema names it. Pure: the page
 * hands it the form and the look-up of a lab's zone.
 */
export interface SessionForm {
  body: Record<string, unknown>;
  /** Problems of the form itself (a start that is no date and time), listed with the schema's. */
  issues: Issue[];
}

export const SESSION_NUMBER_FIELDS = [
  'duration_minutes',
  'capacity',
  'reserve',
  'enrollment_closes_minutes_before',
  'reminder_hours_before',
] as const;

const number = (text: string | undefined) => {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return undefined;
  return wholeNumber(trimmed) ?? trimmed;
};

export function sessionBody(
  form: Readonly<Record<string, string>>,
  input: {
    zoneOfLab: (labId: string) => string | undefined;
    /** The instant a wall-clock reading names in a zone (hours' instantOfWallClock). */
    instantOf: (local: string, timeZone: string) => number | undefined;
  },
): SessionForm {
  const issues: Issue[] = [];
  const labId = (form.lab_id ?? '').trim();
  const zone = labId ? input.zoneOfLab(labId) : (form.time_zone ?? '').trim() || 'UTC';
  const local = (form.starts_at ?? '').trim();
  let startsAt = '';
  if (local === '') {
    issues.push({ message: 'starts_at: is required' });
  } else if (zone !== undefined) {
    const instant = input.instantOf(local, zone);
    if (instant === undefined) {
      issues.push({ message: 'starts_at: must be a date and time, e.g. 2026-10-26T09:00' });
    } else {
      startsAt = new Date(instant).toISOString();
    }
  }
  const body: Record<string, unknown> = { lab_id: labId || null, starts_at: startsAt };
  for (const name of SESSION_NUMBER_FIELDS) {
    const value = number(form[name]);
    if (value !== undefined) body[name] = value;
    else if (name === 'duration_minutes' || name === 'capacity') body[name] = '';
  }
  return { body, issues };
}
