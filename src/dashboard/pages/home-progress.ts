import {
  type AwaitingStudy,
  type LiveStudy,
  onPace,
  type Pace,
  paceOf,
} from '../../briefing/index.ts';
import type { MonthStatement } from '../../finance/index.ts';
import { money, plural } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { barChart } from '../charts.ts';
import { studyPaths } from '../paths.ts';
import type { Viewer } from '../session.ts';

/**
 * The home page's "how things are going" (issue 39, item 5): live studies with places filled
 * against time, submissions awaiting review, money spent this month. Each is a small chart drawn on
 * the server (charts.ts) whose title and description a screen reader reads, and the same figures as
 * text beside it.
 */

const percentOf = (share: number) => Math.round(share * 100);

function timeWords(pace: Pace): string {
  if (pace.daysTotal === null) return `${plural(pace.daysLive + 1, 'day')} live, no end set`;
  return `day ${Math.min(pace.daysLive + 1, pace.daysTotal)} of ${pace.daysTotal}`;
}

function paceWords(pace: Pace): string {
  if (pace.elapsed === null) return '';
  return onPace(pace) ? 'on pace' : 'behind';
}

/** Live studies: the bar is the share of places filled, the line the share of time gone. */
export function liveStudiesCard(
  viewer: Viewer,
  live: { studies: LiveStudy[]; more: boolean },
  now: Date,
): Html {
  const rows = live.studies.map((study) => {
    const pace = paceOf({
      placesTaken: study.places_taken,
      places: study.num_participants,
      launchedAt: study.launched_at,
      endingAt: study.ending_at,
      expectedDays: study.expected_days_to_complete,
      now,
    });
    const paths = studyPaths({
      id: study.id,
      projectId: study.project_id,
      status: 'active',
      organizationSlug: viewer.organization.slug,
    });
    return { study, pace, href: paths.study ?? '#' };
  });
  return html`<section class="card" aria-labelledby="live-heading">
    <h2 id="live-heading">Live studies</h2>
    ${
      rows.length === 0
        ? html`<p class="empty">No study is recruiting now.</p>`
        : html`${barChart({
            title:
              'Places filled against time: each bar is the share of places filled, its line the share of the study’s time gone',
            max: 100,
            bars: rows.map(({ study, pace }) => ({
              label: study.title,
              value: percentOf(pace.filled),
              ...(pace.elapsed !== null && { target: percentOf(pace.elapsed) }),
              note: `${study.places_taken}/${study.num_participants}`,
              description: `${study.title}: ${study.places_taken} of ${study.num_participants} places filled, ${timeWords(pace)}${pace.elapsed === null ? '' : `, ${percentOf(pace.elapsed)}% of its time gone, ${paceWords(pace)}`}`,
            })),
          })}
          <div class="table-wrap" role="region" tabindex="0" aria-label="Live studies"><table class="data compact">
            <thead><tr><th scope="col">Study</th><th scope="col" class="num">Places</th><th scope="col">Time</th><th scope="col" class="num">To review</th></tr></thead>
            <tbody>${rows.map(
              ({ study, pace, href }) => html`<tr>
                <th scope="row"><a href="${href}">${study.title}</a></th>
                <td class="num">${study.places_taken} of ${study.num_participants}</td>
                <td>${timeWords(pace)}${pace.elapsed === null ? '' : html` <span class="muted">(${paceWords(pace)})</span>`}</td>
                <td class="num">${study.awaiting_review}</td>
              </tr>`,
            )}</tbody>
          </table></div>`
    }
    ${live.more ? html`<p><a href="/dashboard/studies">Every study</a></p>` : ''}
  </section>`;
}

/** Submissions awaiting review: the total, and the studies holding the most. */
export function awaitingReviewCard(
  viewer: Viewer,
  awaiting: { total: number; studies: AwaitingStudy[] },
): Html {
  return html`<section class="card" aria-labelledby="awaiting-heading">
    <h2 id="awaiting-heading">Awaiting review</h2>
    <p class="figure">${awaiting.total}</p>
    ${
      awaiting.total === 0
        ? html`<p class="muted">Nothing awaits your review.</p>`
        : html`${barChart({
            title: 'Submissions awaiting review by study',
            layout: 'compact',
            bars: awaiting.studies.map((study) => ({
              label: study.title,
              value: study.count,
              description: `${study.title}: ${plural(study.count, 'submission')} awaiting review`,
            })),
          })}
          <ul class="plain">${awaiting.studies.map((study) => {
            const paths = studyPaths({
              id: study.id,
              projectId: study.project_id,
              status: study.status,
              organizationSlug: viewer.organization.slug,
            });
            return html`<li><a href="${paths.submissions ?? '#'}?status=awaiting_review">${study.title}</a>: ${study.count}</li>`;
          })}</ul>`
    }
  </section>`;
}

const MONTHS = 6;

/** The last MONTHS months, newest first, as YYYY-MM (UTC). */
function lastMonths(now: Date): string[] {
  const months: string[] = [];
  for (let back = 0; back < MONTHS; back++) {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(at.toISOString().slice(0, 7));
  }
  return months;
}

const MONTH_NAMES = new Intl.DateTimeFormat('en', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthName = (month: string) => MONTH_NAMES.format(new Date(`${month}-01T00:00:00Z`));

/** Money spent (charged less refunded) this month, and the months before it. */
export function spendingCard(statement: readonly MonthStatement[], now: Date): Html {
  const byMonth = new Map(statement.map((row) => [row.month, row]));
  const spent = (month: string) => {
    const row = byMonth.get(month);
    return row ? row.charged_cents - row.refunded_cents : 0;
  };
  const months = lastMonths(now);
  const thisMonth = spent(months[0]!);
  return html`<section class="card" aria-labelledby="spent-heading">
    <h2 id="spent-heading">Spent this month</h2>
    <p class="figure">${money(thisMonth)}</p>
    <p class="hint">Charged for launches, bonuses and fees in ${monthName(months[0]!)}, less refunds.</p>
    ${barChart({
      title: `Money spent in each of the last ${MONTHS} months`,
      layout: 'compact',
      bars: months.map((month) => ({
        label: monthName(month),
        value: Math.max(0, spent(month)),
        note: money(spent(month)),
        description: `${monthName(month)}: ${money(spent(month))} spent`,
      })),
    })}
    <p><a href="/dashboard/finance">Finance and ledger</a></p>
  </section>`;
}
