import { sessionActor } from '../../audit/index.ts';
import type { LedgerKind } from '../../finance/index.ts';
import { addCredit, ledgerCsv, listLedgerEntries, monthlyStatement } from '../../finance/index.ts';
import { ValidationError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { sendCsv } from '../../platform/http/csv-reply.ts';
import { toPage } from '../../platform/http/pagination.ts';
import { money, when } from '../../platform/web/format.ts';
import { html } from '../../platform/web/html.ts';
import { csrfField, page } from '../layout.ts';
import type { DashboardRouter } from '../router.ts';
import { can } from '../session.ts';

const PAGE_SIZE = 50;

const KIND_LABELS: Record<LedgerKind, string> = {
  credit: 'Credit added',
  launch_charge: 'Launch charge',
  stop_refund: 'Refund on stop',
  expiry_refund: 'Refund on expiry',
  rejection_refund: 'Refund of a rejected place',
  participant_payout: 'Participant paid',
  bonus: 'Bonus paid',
  bonus_fee: 'Platform fee on a bonus',
  payout_run: 'Payout run',
  show_up_fee: 'Show-up fee',
};

/** "1,234.56" or "1234" dollars to cents; anything else is refused rather than guessed. */
export function parseDollars(text: string): number | undefined {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The ledger, and (for owners, the operator role) adding credit. */
export function financePages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;

  router.page('/finance/ledger.csv', async ({ viewer, reply }) => {
    sendCsv(reply, ledgerCsv(db, viewer.organization.id));
    return { sent: true as const };
  });

  router.page('/finance', async ({ viewer, query, flash }) => {
    const organization = viewer.organization;
    const [rows, statement] = await Promise.all([
      listLedgerEntries(db, organization.id, { limit: PAGE_SIZE, beforeId: query.before }),
      monthlyStatement(db, organization.id),
    ]);
    const ledger = toPage(
      rows,
      PAGE_SIZE,
      (row) => [row.id],
      (row) => row,
    );
    const last = ledger.data.at(-1);
    const available = organization.balance_cents + organization.overdraft_limit_cents;
    return page({
      title: 'Finance',
      viewer,
      section: 'finance',
      flash,
      crumbs: [{ label: 'Home', href: '/dashboard' }, { label: 'Finance' }],
      body: html`
      <div class="grid">
        <section class="card" aria-labelledby="balance-heading">
          <h2 id="balance-heading">Balance</h2>
          <p class="figure">${money(organization.balance_cents)}</p>
          <dl class="pairs">
            <dt>Overdraft limit</dt><dd>${money(organization.overdraft_limit_cents)}</dd>
            <dt>Available for launches</dt><dd>${money(available)}</dd>
          </dl>
          <p class="hint">Launching a study charges its total cost; stops, expiry and rejected places refund what was not used.</p>
        </section>
        ${
          can(viewer, 'admin')
            ? html`<section class="card" aria-labelledby="credit-heading">
          <h2 id="credit-heading">Add credit</h2>
          <form method="post" action="/dashboard/finance/credit" class="stack" data-confirm="Add this credit to the balance?">
            ${csrfField(viewer)}
            <label for="credit-amount">Amount (USD)</label>
            <input id="credit-amount" name="amount" inputmode="decimal" required pattern="\\$?[0-9,]{1,12}(\\.[0-9]{1,2})?" placeholder="1000.00">
            <label for="credit-memo">Memo <span class="optional">(optional)</span></label>
            <input id="credit-memo" name="memo" maxlength="500" placeholder="Invoice 2024-117, paid by wire">
            <button type="submit" class="primary">Add credit</button>
          </form>
        </section>`
            : html`<section class="card" aria-labelledby="credit-heading"><h2 id="credit-heading">Add credit</h2><p>Cohort takes no card payments: credit is added by an owner of this organization on this page, or by the operators of this Cohort with <code>cohort credit add</code>.</p><p>Ask them for the amount you need, naming this organization: <code>${organization.id}</code> (${organization.name}).</p></section>`
        }
      </div>
      <section class="card" aria-labelledby="statement-heading">
        <h2 id="statement-heading">Statement by month</h2>
        ${
          statement.length === 0
            ? html`<p class="empty">Nothing charged or credited yet.</p>`
            : html`<div class="table-wrap" role="region" tabindex="0" aria-label="Statement by month"><table class="data">
          <thead><tr><th scope="col">Month (UTC)</th><th scope="col" class="num">Charged</th><th scope="col" class="num">Refunded</th><th scope="col" class="num">Net cost</th><th scope="col" class="num">Credit added</th></tr></thead>
          <tbody>${statement.map(
            (month) => html`<tr>
              <td>${month.month}</td>
              <td class="num">${money(month.charged_cents)}</td>
              <td class="num">${money(month.refunded_cents)}</td>
              <td class="num"><strong>${money(month.charged_cents - month.refunded_cents)}</strong></td>
              <td class="num">${money(month.credit_cents)}</td>
            </tr>`,
          )}</tbody>
        </table></div>`
        }
        <p class="hint">What an invoice for each month would show: launches, bonuses, payout runs and fees, less what stops, expiry and rejected places gave back.</p>
      </section>
      <section class="card" aria-labelledby="ledger-heading">
        <h2 id="ledger-heading">Ledger</h2>
        <p><a href="/dashboard/finance/ledger.csv" download>Download the whole ledger (CSV)</a></p>
        ${
          ledger.data.length === 0
            ? html`<p class="empty">No movements yet.</p>`
            : html`<div class="table-wrap" role="region" tabindex="0" aria-label="Ledger"><table class="data">
          <thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Study</th><th scope="col">Memo</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Balance after</th></tr></thead>
          <tbody>${ledger.data.map((entry) => {
            const study = entry.opportunity_id
              ? `/dashboard/studies/${encodeURIComponent(entry.opportunity_id)}`
              : null;
            const amount =
              entry.kind === 'participant_payout'
                ? html`<span class="muted">${money(entry.participant_amount_cents)} to participant</span>`
                : money(entry.amount_cents);
            return html`<tr>
              <td>${when(entry.created_at)}</td>
              <td>${KIND_LABELS[entry.kind] ?? entry.kind}</td>
              <td>${study ? html`<a href="${study}">${entry.opportunity_id}</a>` : '—'}</td>
              <td>${entry.memo ?? ''}</td>
              <td class="num ${entry.amount_cents < 0 ? 'negative' : ''}">${amount}</td>
              <td class="num">${money(entry.balance_after_cents)}</td>
            </tr>`;
          })}</tbody>
        </table></div>`
        }
        ${
          ledger.pagination.has_more && last
            ? html`<p class="pager"><a href="/dashboard/finance?before=${encodeURIComponent(last.id)}">Older entries →</a></p>`
            : ''
        }
      </section>`,
    });
  });

  router.action(
    '/finance/credit',
    { permission: 'admin', back: () => '/dashboard/finance' },
    async ({ viewer, form }) => {
      const cents = parseDollars(form.amount ?? '');
      if (cents === undefined || cents <= 0) {
        throw new ValidationError('The amount is not valid', [
          { message: 'amount: a positive number of dollars, such as 250 or 1,250.50' },
        ]);
      }
      const memo = form.memo?.trim() || `Credit added in the dashboard by ${viewer.session.label}`;
      const entry = await addCredit(db, {
        actor: sessionActor(viewer.session),
        organizationId: viewer.organization.id,
        amountCents: cents,
        memo,
      });
      if (!entry) throw new Error(`organization ${viewer.organization.id} vanished`);
      return {
        redirect: '/dashboard/finance',
        notice: `Added ${money(cents)}; the balance is now ${money(Number(entry.balance_after_cents))}.`,
      };
    },
  );
}
