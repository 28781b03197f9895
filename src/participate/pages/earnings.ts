import { participantLanguage } from '../../opportunities/index.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { formatDateTime, formatMoney } from '../../platform/i18n/format.ts';
import type { AnyLocale } from '../../platform/i18n/locales.ts';
import { type Html, html } from '../../platform/web/html.ts';
import {
  type ParticipantSubmissionResponse,
  participantEarnings,
  participantSubmissionsPage,
} from '../../submissions/index.ts';
import { participantPage } from '../layout.ts';
import { earningsTexts } from '../locales/earnings/index.ts';
import type { ParticipateRouter } from '../router.ts';

/** The most recent work the summary looks at; older work is in the payments and My work. */
const RECENT_WORK = 100;

/** Each group of work: its name, its caption with the total, and the statuses it holds. */
const GROUPS = [
  ['waiting', 'waitingTotal', ['awaiting_review']],
  ['inProgress', 'inProgressTotal', ['screen_passed', 'in_progress']],
  ['approved', 'approvedTotal', ['approved']],
  ['rejected', 'rejectedTotal', ['rejected']],
] as const;

function workTable(
  locale: AnyLocale,
  group: (typeof GROUPS)[number],
  rows: readonly ParticipantSubmissionResponse[],
): Html | '' {
  if (rows.length === 0) return '';
  const say = earningsTexts.say(locale);
  const [name, caption] = group;
  const money = (cents: number) => formatMoney(locale, cents, rows[0]!.currency);
  const total = rows.reduce((sum, row) => sum + (row.paid_cents || row.incentive_cents), 0);
  return html`<div class="table-wrap" role="region" tabindex="0" aria-label="${say(name)}"><table>
    <caption>${say(caption, { amount: money(total) })}</caption>
    <thead><tr><th scope="col">${say('study')}</th><th scope="col" class="number">${say('amount')}</th></tr></thead>
    <tbody>${rows.map(
      (row) =>
        html`<tr><td><a href="/participate/submissions/${row.id}">${row.opportunity_title}</a></td><td class="number">${money(row.paid_cents || row.incentive_cents)}</td></tr>`,
    )}</tbody>
  </table></div>`;
}

/**
 * Money: what is pending, approved and rejected, every payment, and the total earned; amounts as
 * the reader's language writes them, dates in their own time zone.
 */
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
    const { locale } = visit;
    const say = earningsTexts.say(locale);
    const sayHtml = earningsTexts.sayHtml(locale);
    const money = (cents: number) => formatMoney(locale, cents, earnings.currency);
    const paidOn = (iso: string) =>
      html`<time datetime="${iso}">${formatDateTime(locale, iso, visit.participant.timezone)}</time>`;
    return participantPage({
      locale,
      title: say('title'),
      participant: visit.participant,
      csrf: visit.csrf,
      section: 'earnings',
      flash: visit.flash,
      body: html`<section class="card">
          <p class="total">${sayHtml('total', { amount: money(earnings.total_cents) }, { strong: (inner) => html`<strong>${inner}</strong>` })}</p>
        </section>
        <section class="card" aria-labelledby="work-heading">
          <h2 id="work-heading">${say('workHeading')}</h2>
          ${GROUPS.map((group) =>
            workTable(
              locale,
              group,
              work.data.filter((row) => (group[2] as readonly string[]).includes(row.status)),
            ),
          )}
          ${work.data.length === 0 ? html`<p>${say('noWork')}</p>` : ''}
        </section>
        <section class="card" aria-labelledby="payments-heading">
          <h2 id="payments-heading">${say('paymentsHeading')}</h2>
          ${
            earnings.data.length
              ? html`<div class="table-wrap" role="region" tabindex="0" aria-label="${say('paymentsHeading')}"><table>
                <caption class="visually-hidden">${say('paymentsCaption')}</caption>
                <thead><tr><th scope="col">${say('paid')}</th><th scope="col">${say('study')}</th><th scope="col" class="number">${say('amount')}</th></tr></thead>
                <tbody>${earnings.data.map(
                  (payment) =>
                    html`<tr><td>${payment.paid_at ? paidOn(payment.paid_at) : '—'}</td><td>${payment.opportunity_title ?? '—'}</td><td class="number">${money(payment.amount_cents)}</td></tr>`,
                )}</tbody></table></div>
                ${earnings.pagination.next_cursor ? html`<p><a href="/participate/earnings?after=${earnings.pagination.next_cursor}">${say('olderPayments')}</a></p>` : ''}`
              : html`<p>${say('noPayments')}</p>`
          }
        </section>`,
    });
  });
}
