import type { Issue } from '../../platform/errors.ts';

/**
 * The roster form read back as the body of POST /v2/sessions/{id}/attendance, and the refusal's
 * problems put back beside the rows they are about. Pure.
 */
export const ATTENDANCE_CHOICES = [
  ['participated', 'Participated'],
  ['showed_up_not_needed', 'Showed up, not needed'],
  ['no_show', 'No show'],
  ['excused', 'Excused'],
] as const;

export type AttendanceChoice = (typeof ATTENDANCE_CHOICES)[number][0];

const FIELD = 'status.';
const CHOICES = new Set<string>(ATTENDANCE_CHOICES.map(([value]) => value));

/** The field of a row's choice: `status.<submission id>`. */
export const attendanceField = (submissionId: string) => `${FIELD}${submissionId}`;

/**
 * One entry per row ticked, in the roster's order; rows left blank are not sent (their attendance
 * is recorded later). A value that is none of the four choices is a problem of its entry, worded
 * as the API's schema check words one.
 */
export function attendanceEntries(
  form: Readonly<Record<string, string>>,
  submissionIds: readonly string[],
): { entries: { submission_id: string; status: string }[]; issues: Issue[] } {
  const entries: { submission_id: string; status: string }[] = [];
  const issues: Issue[] = [];
  for (const id of submissionIds) {
    const status = (form[attendanceField(id)] ?? '').trim();
    if (status === '') continue;
    if (!CHOICES.has(status)) {
      issues.push({
        message: `entries[${entries.length}].status: must be participated, showed_up_not_needed, no_show or excused`,
      });
    }
    entries.push({ submission_id: id, status });
  }
  return { entries, issues };
}

/**
 * Problems by submission: an issue names its entry by index (`entries[2].status: ...`) or names
 * the submission; anything else is about the whole roster.
 */
export function problemsByRow(
  issues: readonly Issue[],
  sent: readonly { submission_id: string }[],
): { byRow: Map<string, string[]>; other: string[] } {
  const byRow = new Map<string, string[]>();
  const other: string[] = [];
  for (const { message } of issues) {
    const index = /entries\[(\d+)\]/.exec(message)?.[1];
    const row =
      (index !== undefined ? sent[Number(index)]?.submission_id : undefined) ??
      sent.find((entry) => message.includes(entry.submission_id))?.submission_id;
    if (row === undefined) other.push(message);
    else byRow.set(row, [...(byRow.get(row) ?? []), message]);
  }
  return { byRow, other };
}
