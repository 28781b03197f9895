import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActor } from '../../src/audit/index.ts';
import { changeMemberRole } from '../../src/organizations/team.ts';
import { linkPath, newestMailTo, uniqueEmail } from '../participate/support.ts';
import {
  client,
  createTestOrganization,
  engines,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import {
  actionForms,
  Browserless,
  createDashboardUser,
  csrfOf,
  startDashboardServer,
} from './support.ts';

/** The organization's settings: the team, its API keys, and one's own password. */
describe.each(engines())('team and API keys in the dashboard on %s', (engine) => {
  let server: TestServer;
  let organization: TestOrganization;
  let owner: Awaited<ReturnType<typeof createDashboardUser>>;
  let browser: Browserless;

  beforeAll(async () => {
    ({ server } = await startDashboardServer(engine));
    organization = await createTestOrganization(server, { name: 'Northwind Research' });
    owner = await createDashboardUser(server, organization.id, 'owner');
    browser = new Browserless(server.url);
    expect((await browser.signIn(owner.email, owner.password)).status).toBe(303);
  }, 60_000);
  afterAll(() => server?.close());

  const submit = async (who: Browserless, from: string, action: string, fields = {}) => {
    const page = await who.get(from);
    return who.post(action, { _csrf: csrfOf(page.text), ...fields });
  };

  it('invites someone by an emailed link; they sign in with it and set a password', async () => {
    const email = uniqueEmail('invitee');
    const sent = await submit(
      browser,
      '/dashboard/settings/team',
      '/dashboard/settings/team/invite',
      {
        email,
        role: 'member',
      },
    );
    expect(sent.status).toBe(303);
    const mail = await newestMailTo(server, email);
    expect(mail).toMatchObject({
      kind: 'team_invitation',
      subject: `Join Northwind Research on ${new URL(server.context.config.publicUrl).host}`,
    });
    const link = linkPath(mail!.text_body, '/dashboard/login/');

    const invitee = new Browserless(server.url);
    const opened = await invitee.get(link);
    expect(opened.status).toBe(303);
    const team = await invitee.get('/dashboard/settings/team');
    expect(team.status).toBe(200);
    expect(team.text).toContain(email);
    // A member sees the team but cannot change it.
    expect(team.text).not.toContain('Send the invitation');
    const refused = await invitee.post('/dashboard/settings/team/invite', {
      _csrf: csrfOf(team.text),
      email: uniqueEmail('sneaky'),
      role: 'owner',
    });
    expect(refused.status).toBe(403);

    const set = await submit(
      invitee,
      '/dashboard/settings/account',
      '/dashboard/settings/account/password',
      {
        password: 'a long enough passphrase',
      },
    );
    expect(set.status).toBe(303);
    const later = new Browserless(server.url);
    expect((await later.signIn(email, 'a long enough passphrase')).status).toBe(303);
    // The link worked once.
    expect((await new Browserless(server.url).get(link)).status).toBe(410);
  });

  it('refuses an address already on a team', async () => {
    const response = await submit(
      browser,
      '/dashboard/settings/team',
      '/dashboard/settings/team/invite',
      {
        email: owner.email,
        role: 'viewer',
      },
    );
    expect(response.status).toBe(303);
    const page = await browser.get('/dashboard/settings/team');
    expect(page.text).toContain('This person is already on the team');
  });

  it('never leaves the organization without an owner, even when two owners demote each other at once', async () => {
    const page = await browser.get('/dashboard/settings/team');
    const self = await submit(
      browser,
      '/dashboard/settings/team',
      `/dashboard/settings/team/${owner.id}/remove`,
    );
    expect(self.status).toBe(303);
    expect((await browser.get('/dashboard/settings/team')).text).toContain(
      'The last owner cannot be removed',
    );
    expect(actionForms(page.text)).toContain(`/dashboard/settings/team/${owner.id}/role`);

    const other = await createDashboardUser(server, organization.id, 'owner');
    const results = await Promise.allSettled([
      changeMemberRole(server.database.db, {
        organizationId: organization.id,
        userId: owner.id,
        role: 'member',
        now: new Date(),
        actor: operatorActor(),
      }),
      changeMemberRole(server.database.db, {
        organizationId: organization.id,
        userId: other.id,
        role: 'member',
        now: new Date(),
        actor: operatorActor(),
      }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const owners = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('organization_id', '=', organization.id)
      .where('role', '=', 'owner')
      .where('disabled_at', 'is', null)
      .execute();
    expect(owners).toHaveLength(1);
    // Put the original owner back for the tests below.
    const survivor = owners[0]!.id;
    if (survivor !== owner.id) {
      await changeMemberRole(server.database.db, {
        organizationId: organization.id,
        userId: owner.id,
        role: 'owner',
        now: new Date(),
        actor: operatorActor(),
      });
    }
    browser = new Browserless(server.url);
    expect((await browser.signIn(owner.email, owner.password)).status).toBe(303);
  });

  it('removes a member: their session ends at once', async () => {
    const member = await createDashboardUser(server, organization.id, 'member');
    const theirs = new Browserless(server.url);
    await theirs.signIn(member.email, member.password);
    expect((await theirs.get('/dashboard')).status).toBe(200);
    const removed = await submit(
      browser,
      '/dashboard/settings/team',
      `/dashboard/settings/team/${member.id}/remove`,
    );
    expect(removed.status).toBe(303);
    expect((await theirs.get('/dashboard')).status).toBe(303);
    expect((await new Browserless(server.url).signIn(member.email, member.password)).status).toBe(
      401,
    );
  });

  it('creates a key shown once, lists it by prefix and last use, and revokes it', async () => {
    const created = await submit(
      browser,
      '/dashboard/settings/api-keys',
      '/dashboard/settings/api-keys',
      { role: 'viewer' },
    );
    expect(created.status).toBe(201);
    const key = /id="new-key" class="code" readonly value="(ck_[\w-]+)"/.exec(created.text)![1]!;
    const api = client(server, key);
    expect((await api.get('/v2/organization')).status).toBe(200);
    const listed = await browser.get('/dashboard/settings/api-keys');
    expect(listed.text).toContain(`${key.slice(0, 10)}…`);
    expect(listed.text).not.toContain(key);
    const row = await server.database.db
      .selectFrom('api_keys')
      .select(['id', 'last_used_at'])
      .where('key_prefix', '=', key.slice(0, 10))
      .executeTakeFirstOrThrow();
    await expect
      .poll(
        async () =>
          (
            await server.database.db
              .selectFrom('api_keys')
              .select('last_used_at')
              .where('id', '=', row.id)
              .executeTakeFirstOrThrow()
          ).last_used_at,
      )
      .not.toBeNull();
    const revoked = await submit(
      browser,
      '/dashboard/settings/api-keys',
      `/dashboard/settings/api-keys/${row.id}/revoke`,
    );
    expect(revoked.status).toBe(303);
    expect((await api.get('/v2/organization')).status).toBe(401);
    // Every change of the team and its keys is in the audit log, with who made it.
    const audit = await browser.get('/dashboard/settings/audit');
    for (const action of [
      'team.member.invited',
      'team.member.removed',
      'api_key.created',
      'api_key.revoked',
    ]) {
      expect(audit.text).toContain(`<td>${action}</td>`);
    }
    expect(audit.text).toContain(owner.email);
    const logged = await client(server, organization.apiKey).get('/v2/audit-events?limit=100');
    expect(logged.body.data.map((e: { action: string }) => e.action)).toContain('api_key.revoked');

    // Another organization's key cannot be revoked from here.
    const elsewhere = await createTestOrganization(server, { name: 'Elsewhere' });
    const theirKey = await server.database.db
      .selectFrom('api_keys')
      .select('id')
      .where('organization_id', '=', elsewhere.id)
      .executeTakeFirstOrThrow();
    const foreign = await submit(
      browser,
      '/dashboard/settings/api-keys',
      `/dashboard/settings/api-keys/${theirKey.id}/revoke`,
    );
    expect(foreign.status).toBe(404);
    expect((await client(server, elsewhere.apiKey).get('/v2/organization')).status).toBe(200);
  });
});
