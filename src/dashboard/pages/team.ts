import { sessionActor } from '../../audit/index.ts';
import {
  type ApiKeyRole,
  changeMemberRole,
  inviteMember,
  issueApiKey,
  listApiKeys,
  listMembers,
  removeMember,
  setOwnPassword,
  withdrawApiKey,
} from '../../organizations/index.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { when } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { csrfField, page } from '../layout.ts';
import type { DashboardRouter } from '../router.ts';
import { can, type Flash, type Viewer } from '../session.ts';

const ROLES: readonly ApiKeyRole[] = ['owner', 'member', 'viewer'];
const ROLE_WORDS: Record<ApiKeyRole, string> = {
  owner: 'Owner: everything, including the team, keys and credit',
  member: 'Member: runs studies; not the team, keys or credit',
  viewer: 'Viewer: reads every page, changes nothing',
};

export type SettingsTab = 'team' | 'api-keys' | 'webhooks' | 'audit' | 'account';

const TABS: readonly [SettingsTab, string, string][] = [
  ['team', 'Team', '/dashboard/settings/team'],
  ['api-keys', 'API keys', '/dashboard/settings/api-keys'],
  ['webhooks', 'Webhooks', '/dashboard/settings/webhooks'],
  ['audit', 'Audit log', '/dashboard/settings/audit'],
  ['account', 'Your account', '/dashboard/settings/account'],
];

/** The organization's settings pages share a heading and tabs. */
export function settingsPage(
  viewer: Viewer,
  tab: SettingsTab,
  flash: Flash | undefined,
  body: Html,
) {
  return page({
    title: 'Settings',
    viewer,
    section: 'settings',
    flash,
    crumbs: [{ label: 'Home', href: '/dashboard' }, { label: 'Settings' }],
    tabs: html`<nav class="tabs" aria-label="Settings"><ul>${TABS.map(
      ([key, label, href]) =>
        html`<li><a href="${href}"${key === tab ? html` aria-current="page"` : ''}>${label}</a></li>`,
    )}</ul></nav>`,
    body,
  });
}

function roleSelect(name: string, id: string, selected: ApiKeyRole, label: string): Html {
  return html`<label for="${id}">${label}</label>
    <select id="${id}" name="${name}">${ROLES.map(
      (role) =>
        html`<option value="${role}"${role === selected ? html` selected` : ''}>${role}</option>`,
    )}</select>`;
}

/**
 * The team (invite, change roles, remove), API keys (create, list by prefix and last use,
 * revoke) and one's own password. Changing the team and keys is an owner's work ('admin').
 */
export function teamPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;
  const now = () => router.now();

  router.page('/settings', async () => ({ redirect: '/dashboard/settings/team' }));

  router.page('/settings/team', async ({ viewer, flash }) => {
    const members = await listMembers(db, viewer.organization.id);
    const admin = can(viewer, 'admin');
    const active = members.filter((m) => m.disabled_at === null);
    const removed = members.filter((m) => m.disabled_at !== null);
    return settingsPage(
      viewer,
      'team',
      flash,
      html`<section class="card" aria-labelledby="team-heading">
        <h2 id="team-heading">People</h2>
        <div class="table-wrap" role="region" tabindex="0" aria-label="People"><table>
          <thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Password</th>${admin ? html`<th scope="col">Change</th>` : ''}</tr></thead>
          <tbody>${active.map(
            (member) => html`<tr>
              <td>${member.email}${member.id === viewer.session.user_id ? ' (you)' : ''}</td>
              <td>${member.role}</td>
              <td>${member.password_hash ? 'set' : 'not yet (signs in by link)'}</td>
              ${
                admin
                  ? html`<td>
                  <form method="post" action="/dashboard/settings/team/${member.id}/role" class="inline">
                    ${csrfField(viewer)}
                    ${roleSelect('role', `role-${member.id}`, member.role, `Role of ${member.email}`)}
                    <button type="submit">Change role</button>
                  </form>
                  <form method="post" action="/dashboard/settings/team/${member.id}/remove" class="inline" data-confirm="Remove ${member.email} from the team? They can no longer sign in.">
                    ${csrfField(viewer)}
                    <button type="submit" class="danger">Remove<span class="visually-hidden"> ${member.email}</span></button>
                  </form>
                </td>`
                  : ''
              }
            </tr>`,
          )}</tbody>
        </table></div>
        ${removed.length ? html`<p class="hint">Removed: ${removed.map((m) => m.email).join(', ')}. Invite them again to bring them back.</p>` : ''}
      </section>
      ${
        admin
          ? html`<section class="card" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite someone</h2>
        <form method="post" action="/dashboard/settings/team/invite" class="stack">
          ${csrfField(viewer)}
          <label for="invite-email">Email</label>
          <input id="invite-email" name="email" type="email" required autocomplete="off">
          ${roleSelect('role', 'invite-role', 'member', 'Role')}
          <ul class="hint">${ROLES.map((role) => html`<li>${ROLE_WORDS[role]}</li>`)}</ul>
          <button type="submit" class="primary">Send the invitation</button>
        </form>
        <p class="hint">The invitation is a sign-in link that works once, for 7 days; the invitee then sets a password under Your account.</p>
      </section>`
          : html`<p class="hint">Only owners change the team.</p>`
      }`,
    );
  });

  router.action(
    '/settings/team/invite',
    { permission: 'admin', back: () => '/dashboard/settings/team' },
    async ({ viewer, form }) => {
      const invitation = await inviteMember(db, {
        organizationId: viewer.organization.id,
        organizationName: viewer.organization.name,
        email: form.email ?? '',
        role: form.role ?? '',
        invitedBy: viewer.session.label,
        publicUrl: context.config.publicUrl,
        now: now(),
        actor: sessionActor(viewer.session),
      });
      return {
        redirect: '/dashboard/settings/team',
        notice: context.config.smtpUrl
          ? `Invitation mailed to ${invitation.user.email}.`
          : `Invitation kept for ${invitation.user.email} (no SMTP_URL: see "cohort mail list"). Its link: ${invitation.url}`,
      };
    },
  );

  router.action(
    '/settings/team/:userId/role',
    { permission: 'admin', back: () => '/dashboard/settings/team' },
    async ({ viewer, params, form }) => {
      const user = await changeMemberRole(db, {
        organizationId: viewer.organization.id,
        userId: params.userId!,
        role: form.role ?? '',
        now: now(),
        actor: sessionActor(viewer.session),
      });
      return {
        redirect: '/dashboard/settings/team',
        notice: `${user.email} is now ${user.role === 'owner' ? 'an owner' : `a ${user.role}`}.`,
      };
    },
  );

  router.action(
    '/settings/team/:userId/remove',
    { permission: 'admin', back: () => '/dashboard/settings/team' },
    async ({ viewer, params }) => {
      const user = await removeMember(db, {
        organizationId: viewer.organization.id,
        userId: params.userId!,
        now: now(),
        actor: sessionActor(viewer.session),
      });
      return {
        redirect: '/dashboard/settings/team',
        notice: `${user.email} is removed from the team.`,
      };
    },
  );

  router.page('/settings/api-keys', async ({ viewer, flash }) => {
    const keys = await listApiKeys(db, viewer.organization.id);
    const admin = can(viewer, 'admin');
    return settingsPage(
      viewer,
      'api-keys',
      flash,
      html`<section class="card" aria-labelledby="keys-heading">
        <h2 id="keys-heading">API keys</h2>
        <div class="table-wrap" role="region" tabindex="0" aria-label="API keys"><table>
          <thead><tr><th scope="col">Key</th><th scope="col">Role</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th>${admin ? html`<th scope="col"><span class="visually-hidden">Revoke</span></th>` : ''}</tr></thead>
          <tbody>${keys.map(
            (key) => html`<tr>
              <td><code>${key.key_prefix}…</code></td>
              <td>${key.role}</td>
              <td>${when(key.created_at)}</td>
              <td>${key.last_used_at ? when(key.last_used_at) : 'never'}</td>
              <td>${key.revoked_at ? html`revoked ${when(key.revoked_at)}` : 'live'}</td>
              ${
                admin
                  ? html`<td>${
                      key.revoked_at
                        ? ''
                        : html`<form method="post" action="/dashboard/settings/api-keys/${key.id}/revoke" class="inline" data-confirm="Revoke ${key.key_prefix}…? Every program using it stops working at once.">${csrfField(viewer)}<button type="submit" class="danger">Revoke<span class="visually-hidden"> ${key.key_prefix}</span></button></form>`
                    }</td>`
                  : ''
              }
            </tr>`,
          )}</tbody>
        </table></div>
        <p class="hint">Last use is recorded at most once a minute.</p>
      </section>
      ${
        admin
          ? html`<section class="card" aria-labelledby="new-key-heading">
        <h2 id="new-key-heading">Create a key</h2>
        <form method="post" action="/dashboard/settings/api-keys" class="stack">
          ${csrfField(viewer)}
          ${roleSelect('role', 'key-role', 'member', 'Role')}
          <button type="submit" class="primary">Create the key</button>
        </form>
        <p class="hint">The key is shown once, on the next page; only its hash is kept.</p>
      </section>`
          : ''
      }`,
    );
  });

  router.action(
    '/settings/api-keys',
    { permission: 'admin', back: () => '/dashboard/settings/api-keys' },
    async ({ viewer, form }) => {
      const role = form.role as ApiKeyRole;
      if (!ROLES.includes(role)) {
        throw new ValidationError('Choose a role for the key', [
          { message: 'role: must be owner, member or viewer' },
        ]);
      }
      const { key, apiKey } = await issueApiKey(db, {
        organizationId: viewer.organization.id,
        role,
        actor: sessionActor(viewer.session),
        now: now(),
      });
      return {
        status: 201,
        html: settingsPage(
          viewer,
          'api-keys',
          undefined,
          html`<section class="card" aria-labelledby="created-heading">
            <h2 id="created-heading">Your new ${key.role} key</h2>
            <p>Copy it now: it is shown this once, and only its hash is kept.</p>
            <p><label for="new-key">Key</label><input id="new-key" class="code" readonly value="${apiKey}"></p>
            <p><a href="/dashboard/settings/api-keys">Back to the keys</a></p>
          </section>`,
        ),
      };
    },
  );

  router.action(
    '/settings/api-keys/:keyId/revoke',
    { permission: 'admin', back: () => '/dashboard/settings/api-keys' },
    async ({ viewer, params }) => {
      await withdrawApiKey(db, {
        organizationId: viewer.organization.id,
        keyId: params.keyId!,
        actor: sessionActor(viewer.session),
        now: now(),
      });
      return { redirect: '/dashboard/settings/api-keys', notice: 'The key is revoked.' };
    },
  );

  router.page('/settings/account', async ({ viewer, flash }) =>
    settingsPage(
      viewer,
      'account',
      flash,
      html`<section class="card narrow" aria-labelledby="account-heading">
        <h2 id="account-heading">${viewer.session.label}</h2>
        ${
          viewer.session.user_id
            ? html`<form method="post" action="/dashboard/settings/account/password" class="stack">
            ${csrfField(viewer)}
            <label for="new-password">New password</label>
            <input id="new-password" name="password" type="password" autocomplete="new-password" required aria-describedby="new-password-hint">
            <p class="hint" id="new-password-hint">At least 12 characters.</p>
            <button type="submit" class="primary">Set the password</button>
          </form>`
            : html`<p>This is an operator's session from a sign-in link: it has no account of its own.</p>`
        }
      </section>`,
    ),
  );

  router.action(
    '/settings/account/password',
    { permission: 'read', back: () => '/dashboard/settings/account' },
    async ({ viewer, form }) => {
      if (!viewer.session.user_id) throw new NotFoundError('User', 'operator');
      await setOwnPassword(db, {
        organizationId: viewer.organization.id,
        userId: viewer.session.user_id,
        password: form.password ?? '',
        now: now(),
      });
      return { redirect: '/dashboard/settings/account', notice: 'Your password is set.' };
    },
  );
}
