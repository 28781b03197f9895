import { wallClockOf } from '../../hours/index.ts';
import { type Issue, ValidationError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { badge, when } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { type RosterEntry, recordAttendance, sessionRoster } from '../../sessions/index.ts';
import { csrfField, page } from '../layout.ts';
import type { DashboardRouter } from '../router.ts';
import { can, type Flash, type Viewer } from '../session.ts';
import {
  ATTENDANCE_CHOICES,
  type AttendanceChoice,
  attendanceEntries,
  attendanceField,
  problemsByRow,
} from './roster-form.ts';
import { rosterPath, studySessionsPath } from './session-paths.ts';

type Roster = Awaited<ReturnType<typeof sessionRoster>>;

const CHOICE_WORDS = new Map<string, string>(ATTENDANCE_CHOICES);

/** Who a row is: their name where the organization sees names, else their participant id. */
const whoOf = (viewer: Viewer, entry: RosterEntry) =>
  viewer.organization.hide_identity === 1 || !entry.name ? entry.participant_id : entry.name;

function choices(
  entry: RosterEntry,
  label: string,
  chosen: string | undefined,
  problems: readonly string[],
): Html {
  const id = `attendance-${entry.submission_id}`;
  return html`<fieldset class="attendance-choices"${problems.length ? html` aria-describedby="${id}-problems" aria-invalid="true"` : ''}>
    <legend class="visually-hidden">Attendance of ${label}</legend>
    ${ATTENDANCE_CHOICES.map(
      ([value, words]) => html`<span class="attendance-choice">
        <input type="radio" id="${id}-${value}" name="${attendanceField(entry.submission_id)}" value="${value}"${chosen === value ? html` checked` : ''}>
        <label for="${id}-${value}">${words}</label>
      </span>`,
    )}
    ${problems.length ? html`<p class="problem" id="${id}-problems">${problems.join('; ')}</p>` : ''}
  </fieldset>`;
}

function rosterPage(input: {
  viewer: Viewer;
  roster: Roster;
  now: Date;
  flash?: Flash;
  values?: Record<string, string>;
  issues?: readonly Issue[];
  sent?: readonly { submission_id: string }[];
  message?: string;
}): Html {
  const { viewer, roster } = input;
  const { session, lab } = roster;
  const zone = lab?.time_zone ?? 'UTC';
  const start = wallClockOf(Date.parse(session.starts_at), zone).replace('T', ' ');
  const end = wallClockOf(Date.parse(session.ends_at), zone).slice(11);
  const started = input.now.getTime() >= Date.parse(session.starts_at);
  const write = can(viewer, 'write') && session.status === 'scheduled';
  const open = roster.entries.filter((entry) => entry.attendance === null);
  const { byRow, other } = problemsByRow(input.issues ?? [], input.sent ?? []);
  const editable = write && started && open.length > 0;
  const problems = input.message
    ? html`<div class="flash flash-error" role="alert"><p>${input.message}</p>${other.length ? html`<ul>${other.map((issue) => html`<li>${issue}</li>`)}</ul>` : ''}</div>`
    : '';
  const rows = html`<ol class="roster">${roster.entries.map((entry, index) => {
    const who = whoOf(viewer, entry);
    const label = `${who} (${entry.submission_id})`;
    return html`<li class="roster-row">
      <span class="roster-number" aria-hidden="true">${index + 1}</span>
      <div class="roster-who">
        <p class="roster-name">${who}${entry.reserve ? html` <span class="badge badge-neutral">reserve</span>` : ''}</p>
        <p class="roster-id"><code>${entry.submission_id}</code></p>
      </div>
      <div class="roster-mark">${
        entry.attendance
          ? html`<p class="roster-recorded">${CHOICE_WORDS.get(entry.attendance) ?? entry.attendance} <span class="muted">(recorded)</span></p>${
              byRow.has(entry.submission_id)
                ? html`<p class="problem">${byRow.get(entry.submission_id)!.join('; ')}</p>`
                : ''
            }`
          : editable
            ? choices(
                entry,
                label,
                input.values?.[attendanceField(entry.submission_id)],
                byRow.get(entry.submission_id) ?? [],
              )
            : html`<p class="muted roster-unmarked">Not recorded</p>`
      }</div>
      <div class="roster-signature" aria-hidden="true"></div>
    </li>`;
  })}</ol>`;
  return page({
    title: `Roster: ${roster.opportunityTitle}`,
    viewer,
    section: 'studies',
    flash: input.flash,
    crumbs: [
      { label: 'Home', href: '/dashboard' },
      { label: roster.opportunityTitle, href: studySessionsPath(session.opportunity_id) },
      { label: 'Roster' },
    ],
    subtitle: html`${badge(session.status)} <code class="id">${session.id}</code>`,
    body: html`<section class="card roster-card" aria-labelledby="roster-heading">
      <h2 id="roster-heading" class="roster-when">${start}–${end} <span class="muted">${zone}</span></h2>
      <p class="roster-place">${lab ? html`${lab.name}, ${lab.address}` : 'Online'}</p>
      <p class="roster-counts">${session.enrolled} enrolled of ${session.capacity}${session.reserve ? ` + ${session.reserve} reserve` : ''}</p>
      ${
        roster.entries.length === 0
          ? html`<p class="empty">Nobody is enrolled.</p>`
          : editable
            ? html`${problems}
              <form method="post" action="${rosterPath(session.id)}" class="roster-form">
                ${csrfField(viewer)}
                ${rows}
                <p class="hint no-print">Rows left blank are kept for later. “Showed up, not needed” pays the study’s show-up fee; “No show” gives the place back and counts against the participant; “Excused” gives it back without a mark.</p>
                <div class="actions no-print">
                  <button type="submit" class="primary roster-save">Save attendance</button>
                  <button type="button" class="print-button" data-print>Print the sign-in sheet</button>
                </div>
              </form>`
            : html`${problems}${rows}
              <p class="hint no-print">${
                session.status === 'cancelled'
                  ? 'The session is cancelled.'
                  : !started
                    ? html`Attendance is recorded here once the session has started (${when(session.starts_at)}). Print the sign-in sheet for the day.`
                    : open.length === 0
                      ? 'Everyone’s attendance is recorded.'
                      : 'Your role can look at the roster, not record attendance.'
              }</p>
              <div class="actions no-print"><button type="button" class="print-button" data-print>Print the sign-in sheet</button></div>`
      }
    </section>`,
  });
}

/**
 * A session's roster (docs/decisions/0178-lab-sessions.md): everyone enrolled, their attendance
 * ticked on a tablet in the lab and saved at once through the attendance use case, or printed as
 * a sign-in sheet (sessions.css's print rules).
 */
export function rosterPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;
  const rosterOf = (viewer: Viewer, sessionId: string) =>
    sessionRoster(db, { organizationId: viewer.organization.id, sessionId });

  router.page('/sessions/:sessionId/roster', async ({ viewer, params, flash, now }) =>
    rosterPage({ viewer, roster: await rosterOf(viewer, params.sessionId!), now, flash }),
  );

  router.action(
    '/sessions/:sessionId/roster',
    { permission: 'write', back: ({ params }) => rosterPath(params.sessionId!) },
    async ({ viewer, params, form, now }) => {
      const roster = await rosterOf(viewer, params.sessionId!);
      // Every row of the roster as drawn now: a row recorded since the form was drawn (another
      // tablet saved it) is refused by the use case, beside the row, rather than skipped.
      const { entries, issues } = attendanceEntries(
        form,
        roster.entries.map((entry) => entry.submission_id),
      );
      try {
        if (issues.length > 0) throw new ValidationError('The attendance is invalid', issues);
        if (entries.length === 0) {
          throw new ValidationError('Nothing to save', [
            { message: 'Tick participated, showed up not needed, no show or excused for someone' },
          ]);
        }
        await recordAttendance(db, {
          organizationId: viewer.organization.id,
          sessionId: roster.session.id,
          entries: entries as { submission_id: string; status: AttendanceChoice }[],
          now,
          noShowLimit: context.config.noShowLimit,
        });
        return {
          redirect: rosterPath(roster.session.id),
          notice: `Attendance is saved for ${entries.length} participant${entries.length === 1 ? '' : 's'}.`,
        };
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        return {
          status: 400,
          html: rosterPage({
            viewer,
            roster,
            now,
            values: form,
            issues: error.issues,
            sent: entries,
            message: error.message,
          }),
        };
      }
    },
  );
}
