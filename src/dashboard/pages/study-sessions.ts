import { Value } from 'typebox/value';
import { instantOfWallClock, wallClockOf } from '../../hours/index.ts';
import { type LabRow, listLabs } from '../../labs/index.ts';
import { ConflictError, type Issue, ValidationError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { describeValidationIssue } from '../../platform/http/validation.ts';
import { badge, when } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import {
  CreateSessionBody,
  type CreateSessionInput,
  cancelSession,
  createSession,
  listSessions,
  type SessionResponse,
} from '../../sessions/index.ts';
import { csrfField } from '../layout.ts';
import type { DashboardRouter } from '../router.ts';
import { can, type Flash, type Viewer } from '../session.ts';
import { fieldBlock, formProblems, timeZoneSelect } from './field-block.ts';
import { problemsByField } from './lab-form.ts';
import { labPath } from './labs.ts';
import { sessionBody } from './session-form.ts';
import { rosterPath, studySessionsPath } from './session-paths.ts';
import { loadStudy, type Study, studyPage } from './study-shell.ts';

const FORM_FIELDS = [
  'lab_id',
  'starts_at',
  'duration_minutes',
  'capacity',
  'reserve',
  'enrollment_closes_minutes_before',
  'reminder_hours_before',
] as const;

const DEFAULT_VALUES = {
  duration_minutes: '60',
  capacity: '10',
  reserve: '0',
  enrollment_closes_minutes_before: '120',
  reminder_hours_before: '24',
  time_zone: 'UTC',
};

/** A session's start on the lab's clock ("2026-10-26 09:00 Europe/Berlin"); online, in UTC. */
function startText(session: SessionResponse, lab: LabRow | undefined): Html | string {
  if (!lab) return when(session.starts_at);
  const local = wallClockOf(Date.parse(session.starts_at), lab.time_zone).replace('T', ' ');
  return html`<time datetime="${session.starts_at}">${local}</time> <span class="muted">${lab.time_zone}</span>`;
}

function sessionRows(
  viewer: Viewer,
  study: Study,
  sessions: SessionResponse[],
  labs: Map<string, LabRow>,
) {
  const write = can(viewer, 'write');
  return html`<div class="table-wrap" role="region" tabindex="0" aria-label="Sessions"><table class="data sessions-table">
    <thead><tr><th scope="col">Starts</th><th scope="col">Where</th><th scope="col">Length</th><th scope="col">Enrolled</th><th scope="col">Seats left</th><th scope="col">Enrollment closes</th><th scope="col">Status</th><th scope="col">Roster</th>${write ? html`<th scope="col">Cancel</th>` : ''}</tr></thead>
    <tbody>${sessions.map((session) => {
      const lab = session.lab_id ? labs.get(session.lab_id) : undefined;
      const label = `the session of ${wallClockOf(Date.parse(session.starts_at), lab?.time_zone ?? 'UTC').replace('T', ' ')}`;
      return html`<tr>
        <td>${startText(session, lab)}</td>
        <td>${session.lab_id ? (lab ? html`<a href="${labPath(lab.id)}">${lab.name}</a>` : session.lab_id) : 'Online'}</td>
        <td>${session.duration_minutes} min</td>
        <td>${session.enrolled} of ${session.capacity}${session.reserve ? ` + ${session.reserve} reserve` : ''}</td>
        <td>${session.seats_left}</td>
        <td>${when(session.enrollment_closes_at)}</td>
        <td>${badge(session.status)}</td>
        <td><a href="${rosterPath(session.id)}">Roster<span class="visually-hidden"> of ${label}</span></a></td>
        ${
          write
            ? html`<td>${
                session.status === 'scheduled'
                  ? html`<form method="post" action="${studySessionsPath(study.row.id)}/${session.id}/cancel" class="inline" data-confirm="Cancel ${label}? Everyone enrolled (${session.enrolled}) is mailed, and their seats go back.">
                ${csrfField(viewer)}
                <button type="submit" class="danger">Cancel<span class="visually-hidden"> ${label}</span></button>
              </form>`
                  : '—'
              }</td>`
            : ''
        }
      </tr>`;
    })}</tbody>
  </table></div>`;
}

function newSessionForm(input: {
  viewer: Viewer;
  study: Study;
  labs: LabRow[];
  values: Record<string, string>;
  issues: readonly Issue[];
  message?: string;
}): Html {
  const { byField, other } = problemsByField(input.issues, FORM_FIELDS);
  const value = (name: string) => input.values[name] ?? '';
  const number = (name: (typeof FORM_FIELDS)[number], label: string, hint?: string) =>
    fieldBlock({
      id: `session-${name}`,
      label,
      hint,
      problems: byField.get(name),
      control: (a) =>
        html`<input id="session-${name}" name="${name}" inputmode="numeric" value="${value(name)}"${a}>`,
    });
  return html`<section class="card" aria-labelledby="new-session-heading">
    <h2 id="new-session-heading">Add a session</h2>
    ${formProblems(input.message, other)}
    <form method="post" action="${studySessionsPath(input.study.row.id)}" class="stack session-form" novalidate>
      ${csrfField(input.viewer)}
      ${fieldBlock({
        id: 'session-lab_id',
        label: 'Where',
        hint: input.labs.length
          ? undefined
          : 'No labs yet: add one under Labs, or schedule online sessions.',
        problems: byField.get('lab_id'),
        control: (a) => html`<select id="session-lab_id" name="lab_id"${a}>
          <option value="">Online</option>
          ${input.labs.map(
            (lab) =>
              html`<option value="${lab.id}"${lab.id === value('lab_id') ? html` selected` : ''}>${lab.name} (${lab.time_zone}, ${Number(lab.capacity)} seats)</option>`,
          )}
        </select>`,
      })}
      ${fieldBlock({
        id: 'session-starts_at',
        label: 'Starts at',
        hint: 'On the lab’s clock; for an online session, on the clock of the zone below.',
        problems: byField.get('starts_at'),
        control: (a) =>
          html`<input id="session-starts_at" name="starts_at" type="datetime-local" value="${value('starts_at')}"${a}>`,
      })}
      ${fieldBlock({
        id: 'session-time_zone',
        label: 'Time zone of an online session',
        control: (a) =>
          timeZoneSelect('session-time_zone', 'time_zone', value('time_zone') || 'UTC', a),
      })}
      <div class="session-numbers">
        ${number('duration_minutes', 'Length (minutes)')}
        ${number('capacity', 'Seats')}
        ${number('reserve', 'Reserve seats', 'Come too; sent home with the show-up fee when not needed.')}
        ${number('enrollment_closes_minutes_before', 'Enrollment closes (minutes before)')}
        ${number('reminder_hours_before', 'Reminder (hours before)')}
      </div>
      <button type="submit" class="primary">Add the session</button>
    </form>
  </section>`;
}

async function sessionsPage(
  context: AppContext,
  input: {
    viewer: Viewer;
    study: Study;
    flash?: Flash;
    values?: Record<string, string>;
    issues?: readonly Issue[];
    message?: string;
  },
): Promise<Html> {
  const { db } = context.database;
  const { viewer, study } = input;
  const [page, labs] = await Promise.all([
    listSessions(db, {
      organizationId: viewer.organization.id,
      opportunityId: study.row.id,
      limit: 200,
    }),
    listLabs(db, viewer.organization.id, { limit: 200 }),
  ]);
  // A session's lab may have been deleted since: it is named by id.
  const byId = new Map(labs.map((lab) => [lab.id, lab]));
  const schedulable = ['draft', 'active'].includes(study.row.status);
  const scheduled = page.data.filter((session) => session.status === 'scheduled');
  const seats = scheduled.reduce((sum, session) => sum + session.capacity, 0);
  return studyPage({
    study,
    viewer,
    tab: 'sessions',
    flash: input.flash,
    body: html`<section class="card" aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Sessions</h2>
        ${
          page.data.length
            ? html`<p class="hint">${scheduled.length} scheduled, ${seats} seats for ${Number(study.row.num_participants)} places (reserve seats come on top). A participant who passes the screener enrolls in one to hold a place.</p>
              ${sessionRows(viewer, study, page.data, byId)}`
            : html`<p class="empty">No sessions: this study is online and unscheduled. Add a session to make it a scheduled study, whose participants each enroll in one.</p>`
        }
      </section>
      ${
        can(viewer, 'write') && schedulable
          ? newSessionForm({
              viewer,
              study,
              labs,
              values: input.values ?? DEFAULT_VALUES,
              issues: input.issues ?? [],
              message: input.message,
            })
          : schedulable
            ? ''
            : html`<p class="hint">Sessions are added to a draft or an active study.</p>`
      }`,
  });
}

/**
 * A study's sessions (docs/decisions/0178-lab-sessions.md): the list with seats, adding one and
 * cancelling one, through the same use cases as /v2/opportunities/{id}/sessions.
 */
export function studySessionPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;

  router.page('/studies/:opportunityId/sessions', async ({ viewer, params, flash }) => {
    const study = await loadStudy(db, context, viewer, params.opportunityId!);
    return sessionsPage(context, { viewer, study, flash });
  });

  router.action(
    '/studies/:opportunityId/sessions',
    { permission: 'write', back: ({ params }) => studySessionsPath(params.opportunityId!) },
    async ({ viewer, params, form, now }) => {
      const study = await loadStudy(db, context, viewer, params.opportunityId!);
      const labs = await listLabs(db, viewer.organization.id, { limit: 200 });
      const { body, issues } = sessionBody(form, {
        zoneOfLab: (id) => labs.find((lab) => lab.id === id)?.time_zone,
        instantOf: instantOfWallClock,
      });
      const schemaIssues = [...Value.Errors(CreateSessionBody, body)].map((problem) => ({
        message: describeValidationIssue(undefined, problem),
      }));
      try {
        const all = [...issues, ...schemaIssues.filter((s) => !s.message.startsWith('starts_at'))];
        if (all.length > 0) throw new ValidationError('The session is not complete', all);
        const session = await createSession(db, {
          organizationId: viewer.organization.id,
          opportunityId: study.row.id,
          body: body as CreateSessionInput,
          now,
        });
        return {
          redirect: studySessionsPath(study.row.id),
          notice: `The session is added: ${session.capacity} seats${session.reserve ? ` and ${session.reserve} reserve` : ''}.`,
        };
      } catch (error) {
        // Refused: the form again, as typed, with each problem beside its field (a clash with
        // another session of the lab above the form, naming it).
        if (!(error instanceof ValidationError || error instanceof ConflictError)) throw error;
        return {
          status: error instanceof ConflictError ? 409 : 400,
          html: await sessionsPage(context, {
            viewer,
            study: await loadStudy(db, context, viewer, study.row.id),
            values: form,
            issues: error.issues,
            message: error.message,
          }),
        };
      }
    },
  );

  router.action(
    '/studies/:opportunityId/sessions/:sessionId/cancel',
    { permission: 'write', back: ({ params }) => studySessionsPath(params.opportunityId!) },
    async ({ viewer, params, now }) => {
      const { cancelledEnrollments } = await cancelSession(db, {
        organizationId: viewer.organization.id,
        sessionId: params.sessionId!,
        now,
        publicUrl: context.config.publicUrl,
      });
      return {
        redirect: studySessionsPath(params.opportunityId!),
        notice: `The session is cancelled; ${cancelledEnrollments} enrolled participant${cancelledEnrollments === 1 ? ' is' : 's are'} told by mail.`,
      };
    },
  );
}
