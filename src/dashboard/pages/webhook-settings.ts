import { sessionActor } from '../../audit/index.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { when } from '../../platform/web/format.ts';
import { html } from '../../platform/web/html.ts';
import {
  confirmWebhookSubscription,
  listDeliveries,
  listSubscriptions,
  retryDelivery,
  rotateWebhookSecret,
} from '../../webhooks/index.ts';
import { csrfField } from '../layout.ts';
import type { DashboardRouter } from '../router.ts';
import { can } from '../session.ts';
import { settingsPage } from './team.ts';

const RECENT_DELIVERIES = 50;
const SUBSCRIPTIONS_SHOWN = 100;

/**
 * Webhook subscriptions and their recent deliveries: a test ping (the confirmation ping, which
 * also re-enables), a replay of one delivery, and a new secret. Creating and deleting stay in the
 * API, where the receiving program is configured.
 */
export function webhookSettingsPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;
  const back = () => '/dashboard/settings/webhooks';

  router.page('/settings/webhooks', async ({ viewer, flash }) => {
    const organizationId = viewer.organization.id;
    const [subscriptions, deliveries] = await Promise.all([
      listSubscriptions(db, organizationId, { limit: SUBSCRIPTIONS_SHOWN }),
      listDeliveries(db, organizationId, { limit: RECENT_DELIVERIES }),
    ]);
    const writer = can(viewer, 'write');
    const urlOf = new Map(subscriptions.map((s) => [s.id, s.target_url]));
    return settingsPage(
      viewer,
      'webhooks',
      flash,
      html`<section class="card" aria-labelledby="subscriptions-heading">
        <h2 id="subscriptions-heading">Subscriptions</h2>
        ${
          subscriptions.length === 0
            ? html`<p>No subscription yet. Create one with <code>POST /v2/hooks/subscriptions</code> (see the <a href="/docs">API reference</a>).</p>`
            : html`<div class="table-wrap" role="region" tabindex="0" aria-label="Subscriptions"><table>
          <thead><tr><th scope="col">Receiver</th><th scope="col">Events</th><th scope="col">State</th>${writer ? html`<th scope="col">Actions</th>` : ''}</tr></thead>
          <tbody>${subscriptions.map(
            (s) => html`<tr>
              <td><code>${s.target_url}</code></td>
              <td>${(JSON.parse(s.event_types) as string[]).join(', ')}</td>
              <td>${s.disabled_at ? html`disabled: ${s.disabled_reason ?? 'by the receiver'}` : s.confirmed_at ? html`sending, confirmed ${when(s.confirmed_at)}` : 'not confirmed yet'}</td>
              ${
                writer
                  ? html`<td>
                <form method="post" action="/dashboard/settings/webhooks/${s.id}/ping" class="inline">${csrfField(viewer)}<button type="submit">Send a test ping<span class="visually-hidden"> to ${s.target_url}</span></button></form>
                <form method="post" action="/dashboard/settings/webhooks/${s.id}/secret" class="inline" data-confirm="Replace the signing secret of ${s.target_url}? The receiver must use the new one from the next delivery on.">${csrfField(viewer)}<button type="submit">New secret<span class="visually-hidden"> for ${s.target_url}</span></button></form>
              </td>`
                  : ''
              }
            </tr>`,
          )}</tbody>
        </table></div>`
        }
      </section>
      <section class="card" aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Recent deliveries</h2>
        ${
          deliveries.length === 0
            ? html`<p>Nothing delivered yet.</p>`
            : html`<div class="table-wrap" role="region" tabindex="0" aria-label="Recent deliveries"><table>
          <thead><tr><th scope="col">Event</th><th scope="col">Receiver</th><th scope="col">Status</th><th scope="col">Response</th><th scope="col">Attempts</th><th scope="col">Last attempt</th>${writer ? html`<th scope="col"><span class="visually-hidden">Replay</span></th>` : ''}</tr></thead>
          <tbody>${deliveries.map(
            (d) => html`<tr>
              <td>${d.event_type}</td>
              <td><code>${urlOf.get(d.subscription_id) ?? 'deleted subscription'}</code></td>
              <td>${d.status}${d.last_error ? html`<br><span class="hint">${d.last_error}</span>` : ''}</td>
              <td>${d.last_response_status ?? '—'}</td>
              <td>${d.attempts}</td>
              <td>${when(d.last_attempt_at)}</td>
              ${
                writer
                  ? html`<td><form method="post" action="/dashboard/settings/webhooks/deliveries/${d.id}/replay" class="inline">${csrfField(viewer)}<button type="submit">Replay<span class="visually-hidden"> ${d.event_type} delivery</span></button></form></td>`
                  : ''
              }
            </tr>`,
          )}</tbody>
        </table></div>`
        }
      </section>`,
    );
  });

  router.action(
    '/settings/webhooks/:subscriptionId/ping',
    { permission: 'write', back },
    async ({ viewer, params }) => {
      await confirmWebhookSubscription(db, viewer.organization.id, params.subscriptionId!, {
        settings: context.config,
        clock: context.clock,
        actor: sessionActor(viewer.session),
      });
      return { redirect: back(), notice: 'The receiver answered the test ping: it is sending.' };
    },
  );

  router.action(
    '/settings/webhooks/:subscriptionId/secret',
    { permission: 'write', back },
    async ({ viewer, params }) => {
      const secret = await rotateWebhookSecret(db, viewer.organization.id, params.subscriptionId!, {
        settings: context.config,
        now: context.clock(),
        actor: sessionActor(viewer.session),
      });
      return {
        status: 201,
        html: settingsPage(
          viewer,
          'webhooks',
          undefined,
          html`<section class="card" aria-labelledby="secret-heading">
            <h2 id="secret-heading">The new signing secret</h2>
            <p>Give it to the receiver now: it is shown this once, and every delivery from now on is signed with it.</p>
            <p><label for="new-secret">Secret</label><input id="new-secret" class="code" readonly value="${secret}"></p>
            <p><a href="/dashboard/settings/webhooks">Back to webhooks</a></p>
          </section>`,
        ),
      };
    },
  );

  router.action(
    '/settings/webhooks/deliveries/:deliveryId/replay',
    { permission: 'write', back },
    async ({ viewer, params }) => {
      await retryDelivery(
        db,
        viewer.organization.id,
        params.deliveryId!,
        router.now(),
        sessionActor(viewer.session),
      );
      return { redirect: back(), notice: 'The delivery is queued to be sent again now.' };
    },
  );
}
