import { participantLanguage } from '../../opportunities/index.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { currencyAmount, when } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import {
  type ParticipantSubmissionResponse,
  participantEarnings,
  participantSubmissionsPage,
} from '../../submissions/index.ts';
import { participantPage } from '../layout.ts';
import type { ParticipateRouter } from '../router.ts';

/** The most recent work the summary looks at; older work is in the payments and My work. */
const RECENT_WORK = 100;

const GROUPS = [
  ['Waiting for review', ['awaiting_review']],
  ['In progress', ['screen_passed', 'in_progress']],
  ['Approved', ['approved']],
  ['Not approved', ['rejected']],
] as const;

function workTable(caption: string, rows: readonly ParticipantSubmissionResponse[]): Html | '' {
  if (rows.length === 0) return '';
  const total = rows.reduce((sum, row) => sum + (row.paid_cents || row.incentive_cents), 0);
  return html`<div class="table-wrap" role="region" tabindex="0" aria-label="${caption}"><table>
    <caption>${caption} · ${currencyAmount(total, rows[0]!.currency)}</caption>
    <thead><tr><th scope="col">Study</th><th scope="col" class="number">Amount</th></tr></thead>
    <tbody>${rows.map(
      (row) =>
        html`<tr><td><a href="/participate/submissions/${row.id}">${row.opportunity_title}</a></td><td class="number">${currencyAmount(row.paid_cents || row.incentive_cents, row.currency)}</td></tr>`,
    )}</tbody>
  </table></div>`;
}

/** Money: what is pending, approved and rejected, every payment, and the total earned. */
export function earningsPages(router: ParticipateRouter, context: AppContext) {
  const { db } = context.database;

  router.page('/earnings', async (visit) => {
    const cursor = visit.query.after;
    const [earnings, work] = await Promise.all([
      participantEarnings(db, {
        participantId: visit.participant.id,
        cursor: cursor && /^[\w-]{1,200}$/.test(cursor) ? cursor : undefined,
        limit: 50,
      }),
      participantSubmissionsPage(db, {
        participantId: visit.participant.id,
        limit: RECENT_WORK,
        now: visit.now,
        language: participantLanguage(visit.participant),
      }),
    ]);
    const currency = earnings.currency;
    return participantPage({
      locale: visit.locale,
      title: 'Earnings',
      participant: visit.participant,
      csrf: visit.csrf,
      section: 'earnings',
      flash: visit.flash,
      body: html`<section class="card">
          <p class="total">Total earned <strong>${currencyAmount(earnings.total_cents, currency)}</strong></p>
        </section>
        <section class="card" aria-labelledby="work-heading">
          <h2 id="work-heading">Your work</h2>
          ${GROUPS.map(([caption, statuses]) =>
            workTable(
              caption,
              work.data.filter((row) => (statuses as readonly string[]).includes(row.status)),
            ),
          )}
          ${work.data.length === 0 ? html`<p>No work yet.</p>` : ''}
        </section>
        <section class="card" aria-labelledby="payments-heading">
          <h2 id="payments-heading">Payments</h2>
          ${
            earnings.data.length
              ? html`<div class="table-wrap" role="region" tabindex="0" aria-label="Payments"><table>
                <caption class="visually-hidden">Payments received, newest first</caption>
                <thead><tr><th scope="col">Paid</th><th scope="col">Study</th><th scope="col" class="number">Amount</th></tr></thead>
                <tbody>${earnings.data.map(
                  (payment) =>
                    html`<tr><td>${when(payment.paid_at)}</td><td>${payment.opportunity_title ?? '—'}</td><td class="number">${currencyAmount(payment.amount_cents, currency)}</td></tr>`,
                )}</tbody></table></div>
                ${earnings.pagination.next_cursor ? html`<p><a href="/participate/earnings?after=${earnings.pagination.next_cursor}">Older payments</a></p>` : ''}`
              : html`<p>No payment yet: approved work is paid here.</p>`
          }
        </section>`,
    });
  });
}
