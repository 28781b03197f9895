import { ownLab } from '../../labs/index.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { addDays } from '../../platform/time/calendar-date.ts';
import { badge } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { listLabSessionsForWeek, type WeekSession } from '../../sessions/index.ts';
import type { DashboardRouter } from '../router.ts';
import { labPage, labWeekPath } from './labs.ts';
import { rosterPath, studySessionsPath } from './session-paths.ts';
import { weekShown } from './week-dates.ts';

const dayName = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const shortDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/** "09:00–10:30" on the lab's clock; a session past midnight says the day it ends. */
function hours(session: WeekSession): string {
  const end =
    session.local_end.slice(0, 10) === session.local_start.slice(0, 10)
      ? session.local_end.slice(11)
      : `${shortDay.format(dayOf(session.local_end.slice(0, 10)))} ${session.local_end.slice(11)}`;
  return `${session.local_start.slice(11)}–${end}`;
}

function sessionItem(session: WeekSession): Html {
  const cancelled = session.status === 'cancelled';
  return html`<li class="week-session${cancelled ? ' is-cancelled' : ''}">
    <p class="week-time"><time datetime="${session.starts_at}">${hours(session)}</time>${cancelled ? html` ${badge('cancelled')}` : ''}</p>
    <p class="week-title"><a href="${studySessionsPath(session.opportunity_id)}">${session.opportunity_title}</a></p>
    <p class="week-seats">${session.enrolled} enrolled of ${session.capacity}${session.reserve ? ` + ${session.reserve} reserve` : ''}${cancelled ? '' : ` · ${session.seats_left} left`}</p>
    <p><a href="${rosterPath(session.id)}">Roster<span class="visually-hidden"> of ${session.opportunity_title} at ${hours(session)}</span></a></p>
  </li>`;
}

/**
 * A lab's week: every study's sessions in it, day by day on the lab's clock, with their seats. The
 * days are a list, side by side where the screen is wide and one under another on a phone.
 */
export function labWeekPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;

  router.page('/labs/:labId/week', async ({ viewer, params, query, flash, now }) => {
    const lab = await ownLab(db, viewer.organization.id, params.labId!);
    const weekStart = weekShown(query.week, now, lab.time_zone);
    const { days } = await listLabSessionsForWeek(db, {
      organizationId: viewer.organization.id,
      labId: lab.id,
      weekStart,
    });
    const last = addDays(weekStart, 6);
    const total = days.reduce((sum, day) => sum + day.sessions.length, 0);
    return labPage({
      viewer,
      lab,
      tab: 'week',
      flash,
      body: html`<section class="card" aria-labelledby="week-heading">
        <div class="week-head">
          <h2 id="week-heading">Week of ${shortDay.format(dayOf(weekStart))} to ${shortDay.format(dayOf(last))}</h2>
          <nav class="week-nav" aria-label="Weeks">
            <a href="${labWeekPath(lab.id, addDays(weekStart, -7))}" rel="prev">Previous week</a>
            <a href="${labWeekPath(lab.id)}">This week</a>
            <a href="${labWeekPath(lab.id, addDays(weekStart, 7))}" rel="next">Next week</a>
          </nav>
        </div>
        <p class="hint">Times on the lab’s clock (${lab.time_zone}). ${total === 0 ? 'No sessions this week.' : `${total} session${total === 1 ? '' : 's'} this week.`}</p>
        <ol class="week">${days.map(
          (day) => html`<li class="week-day" aria-labelledby="day-${day.date}">
            <h3 id="day-${day.date}">${dayName.format(dayOf(day.date))}</h3>
            ${
              day.sessions.length
                ? html`<ul class="week-sessions">${day.sessions.map(sessionItem)}</ul>`
                : html`<p class="muted">No sessions</p>`
            }
          </li>`,
        )}</ol>
      </section>`,
    });
  });
}
