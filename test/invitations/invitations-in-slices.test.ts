import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panelCatalog, seedPanel } from '../../src/participants/index.ts';
import {
  type Client,
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { launchStudy, loadGeographyOnce } from '../support/participant-side.ts';

/**
 * An invitation of more people than one slice of mails (src/invitations/invite.ts makes and
 * queues them 500 at a time, issue 37 item 5): every invitee who hears of each study gets exactly
 * one mail, to their own address, and the daily ones none.
 */
const PANEL = 1_234;

describe.each(engines())('an invitation of %s’s panel, its mails in slices', (engine) => {
  let server: TestServer;
  let researcher: Client;
  let organization: Awaited<ReturnType<typeof createTestOrganization>>;

  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine, {}, { ownDatabase: true });
    await seedPanel(server.database, panelCatalog(), { participants: PANEL, seed: 37 });
    organization = await createTestOrganization(server, { balanceCents: 100_000_000 });
    researcher = client(server, organization.apiKey);
  }, 120_000);
  afterAll(() => server?.close());

  it('invites everyone eligible with one mail for each who hears of every study', async () => {
    const study = await launchStudy(server, organization, { numParticipants: 50 });
    const response = await researcher.post(`/v2/opportunities/${study.id}/invitations`, {
      count: PANEL,
    });
    expect(response.status).toBe(200);
    // Everyone eligible (the seed makes some inactive, or not taking invitations): past two slices.
    expect(response.body.eligible_not_invited).toBe(0);
    const invited = response.body.invited as number;
    expect(invited).toBeGreaterThan(1_000);

    const rows = await server.database.db
      .selectFrom('invitations')
      .innerJoin('participants', 'participants.id', 'invitations.participant_id')
      .leftJoin('mail_messages', 'mail_messages.id', 'invitations.mail_id')
      .select([
        'invitations.delivery',
        'invitations.mail_id',
        'participants.email',
        'participants.new_studies',
        'mail_messages.to_address',
      ])
      .where('invitations.opportunity_id', '=', study.id)
      .execute();
    expect(rows).toHaveLength(invited);
    const each = rows.filter((row) => row.delivery === 'each');
    expect(each.length).toBeGreaterThan(500);
    for (const row of rows) {
      expect(row.delivery).toBe(row.new_studies === 'daily' ? 'daily' : 'each');
      if (row.delivery === 'daily') expect(row.mail_id).toBeNull();
      else expect(row.to_address).toBe(row.email.toLowerCase());
    }
    expect(new Set(each.map((row) => row.mail_id)).size).toBe(each.length);
  }, 60_000);
});
