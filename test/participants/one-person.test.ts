import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { forgetNetworkFingerprintsJob } from '../../src/submissions/forget-networks.job.ts';
import { type Clock, startDashboardServer } from '../dashboard/support.ts';
import {
  csrfOf,
  joinForm,
  joinPanel,
  ParticipantClient,
  verifyByMail,
} from '../participate/support.ts';
import { client, createTestOrganization, engines, type TestServer } from '../support/harness.ts';
import {
  launchStudy,
  PASSING_ANSWERS,
  profile,
  REVIEW_ANSWERS,
  signUp,
  type TestParticipant,
} from '../support/participant-side.ts';

/**
 * One person, one place (docs/decisions/0082-one-account-per-mailbox.md): one account per mailbox,
 * and applications from one network and browser within the hour flagged for the researcher, never
 * refused.
 */
describe.each(engines())('one person, one place on %s', (engine) => {
  let server: TestServer;
  let clock: Clock;
  let run = 0;

  beforeAll(async () => {
    loadGeography();
    ({ server, clock } = await startDashboardServer(engine));
  }, 120_000);
  afterAll(() => server?.close());

  /** A mailbox name no other test (or run) uses. */
  const fresh = (name: string) => {
    run += 1;
    return `${name}${Date.now().toString(36)}${run}`;
  };

  const GMAIL_RULE =
    'email: an account already exists for this address (addresses that differ only by dots or a +tag are the same mailbox at this provider)';

  describe('sign-ups', () => {
    it('refuses an address that differs only by dots, a +tag or googlemail.com with a 409 naming the rule', async () => {
      const name = fresh('ana');
      const signup = (email: string) =>
        client(server).post('/v2/participant/signup', profile({ email }));
      expect((await signup(`${name}@gmail.com`)).status).toBe(200);
      for (const variant of [
        `${name.slice(0, 2)}.${name.slice(2)}@gmail.com`,
        `${name}+studies@gmail.com`,
        `${name.toUpperCase()}@GoogleMail.com`,
      ]) {
        const again = await signup(variant);
        expect(again.status, variant).toBe(409);
        expect(again.body).toEqual({
          code: 'CONFLICT',
          message: 'An account already exists for this address',
          issues: [{ message: GMAIL_RULE }],
        });
      }
    });

    it('drops only +tags at providers that ignore them, and nothing at other domains', async () => {
      const name = fresh('ben');
      const signup = (email: string) =>
        client(server).post('/v2/participant/signup', profile({ email }));
      expect((await signup(`${name}.ray@outlook.com`)).status).toBe(200);
      const tagged = await signup(`${name}.ray+panel@outlook.com`);
      expect(tagged.status).toBe(409);
      expect(tagged.body.issues[0].message).toBe(
        'email: an account already exists for this address (addresses that differ only by a +tag are the same mailbox at this provider)',
      );
      // Outlook keeps dots: another mailbox.
      expect((await signup(`${name}ray@outlook.com`)).status).toBe(200);
      // A lab's own domain may route +tags anywhere: a separate account.
      expect((await signup(`${name}@lab.example.org`)).status).toBe(200);
      expect((await signup(`${name}+2@lab.example.org`)).status).toBe(200);
    });

    it('refuses a change of address to another account’s mailbox, and keeps one’s own variants', async () => {
      const name = fresh('cleo');
      const first = await client(server).post(
        '/v2/participant/signup',
        profile({ email: `${name}@gmail.com` }),
      );
      expect(first.status).toBe(200);
      const other = await signUp(server);
      const moved = await other.api.patch('/v2/participant/me', {
        email: `${name.slice(0, 1)}.${name.slice(1)}@gmail.com`,
      });
      expect(moved.status).toBe(409);
      expect(moved.body.issues).toEqual([{ message: GMAIL_RULE }]);
      // The owner may spell their own mailbox another way.
      const owner = client(server, first.body.token);
      const respelled = await owner.patch('/v2/participant/me', { email: `${name}+x@gmail.com` });
      expect(respelled.status).toBe(200);
      expect(respelled.body.email).toBe(`${name}+x@gmail.com`);
    });

    it('refuses the web app’s sign-up for the same mailbox, naming the rule beside the field', async () => {
      const name = fresh('dora');
      await joinPanel(new ParticipantClient(server.url), { email: `${name}@gmail.com` });
      const visitor = new ParticipantClient(server.url);
      const page = await visitor.get('/participate/sign-up');
      const response = await visitor.post('/participate/sign-up', {
        _csrf: csrfOf(page.text),
        ...joinForm({ email: `${name.slice(0, 2)}.${name.slice(2)}+web@gmail.com` }),
      });
      expect(response.status).toBe(409);
      expect(response.text).toContain(
        'an account already exists for this address (addresses that differ only by dots or a +tag are the same mailbox at this provider)',
      );
    });
  });

  describe('applications from one network', () => {
    const LAB = 'Mozilla/5.0 (X11; Linux x86_64) LabBrowser/1.0';
    const HOME = 'Mozilla/5.0 (Macintosh) HomeBrowser/2.0';

    async function applyFrom(
      participant: TestParticipant,
      opportunityId: string,
      userAgent: string,
      answers = PASSING_ANSWERS,
    ) {
      const response = await participant.api.post(
        `/v2/participant/opportunities/${opportunityId}/applications`,
        { answers },
        { 'user-agent': userAgent },
      );
      expect(response.status).toBe(200);
      return (response.body.submission_id ?? response.body.applicant_id) as string;
    }

    /** A new organization's study of ten places, and how its researcher reads a submission's flags. */
    async function studyOfTen() {
      const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
      const customer = client(server, organization.apiKey);
      const study = await launchStudy(server, organization, { numParticipants: 10 });
      const flagsOf = async (id: string) =>
        (await customer.get(`/v2/submissions/${id}`)).body.quality_flags;
      return { customer, study, flagsOf };
    }

    it('flags both applications from one address and browser within the hour, not others', async () => {
      const { customer, study, flagsOf } = await studyOfTen();

      const first = await applyFrom(await signUp(server), study.id, LAB);
      expect(await flagsOf(first)).toEqual([]);
      const second = await applyFrom(await signUp(server), study.id, LAB);
      // Not refused: flagged, and the earlier one with it.
      expect(await flagsOf(second)).toEqual(['shared_network']);
      expect(await flagsOf(first)).toEqual(['shared_network']);
      // Another browser on the same address is someone else.
      const home = await applyFrom(await signUp(server), study.id, HOME);
      expect(await flagsOf(home)).toEqual([]);

      // An hour later the lab's next application stands alone.
      clock.advance(61 * 60 * 1000);
      const later = await applyFrom(await signUp(server), study.id, LAB);
      expect(await flagsOf(later)).toEqual([]);

      // Lists carry the flags too; no address is stored, only a keyed hash.
      const listed = await customer.get(`/v2/opportunities/${study.id}/submissions`);
      const byId = new Map(
        listed.body.data.map((s: { id: string; quality_flags: string[] }) => [s.id, s]),
      );
      expect((byId.get(first) as { quality_flags: string[] }).quality_flags).toEqual([
        'shared_network',
      ]);
      const stored = await server.database.db
        .selectFrom('submissions')
        .select('network_fingerprint')
        .where('opportunity_id', '=', study.id)
        .execute();
      for (const row of stored) {
        expect(row.network_fingerprint).toMatch(/^[\w-]{43}$/);
        expect(row.network_fingerprint).not.toContain('127.0.0.1');
      }

      // Past the hour a fingerprint flags nothing: the hourly sweep forgets it, keeping the flags.
      const round = await forgetNetworkFingerprintsJob.handle(
        {
          database: server.database,
          config: server.context.config,
          log: quietLog,
          now: () => new Date(clock.now),
        },
        {},
        {} as never,
      );
      expect(round).toMatchObject({ runAgainInMs: 3_600_000 });
      const kept = await server.database.db
        .selectFrom('submissions')
        .select(['id', 'network_fingerprint'])
        .where('opportunity_id', '=', study.id)
        .where('network_fingerprint', 'is not', null)
        .execute();
      expect(kept.map((row) => row.id)).toEqual([later]);
      expect(await flagsOf(first)).toEqual(['shared_network']);
    });

    it('puts shared_network first among flags the earlier application already has, once', async () => {
      // The database adds the flag to stored JSON (src/submissions/store.ts, flagLatestOfNetwork):
      // a flag of a later kind, written straight into the row, stands for any such flag.
      const { study, flagsOf } = await studyOfTen();
      const storedFlags = async (id: string) =>
        (
          await server.database.db
            .selectFrom('submissions')
            .select('quality_flags')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).quality_flags;

      const first = await applyFrom(await signUp(server), study.id, LAB);
      await server.database.db
        .updateTable('submissions')
        .set({ quality_flags: '["later_kind","another_kind"]' })
        .where('id', '=', first)
        .execute();
      const second = await applyFrom(await signUp(server), study.id, LAB);
      expect(await storedFlags(first)).toBe('["shared_network","later_kind","another_kind"]');
      expect(await flagsOf(first)).toEqual(['shared_network', 'later_kind', 'another_kind']);
      expect(await storedFlags(second)).toBe('["shared_network"]');

      // A third: the second, the latest, is flagged already and stays as it is; so does the first.
      const third = await applyFrom(await signUp(server), study.id, LAB);
      expect(await storedFlags(third)).toBe('["shared_network"]');
      expect(await storedFlags(second)).toBe('["shared_network"]');
      expect(await storedFlags(first)).toBe('["shared_network","later_kind","another_kind"]');
    });

    it('flags applicants awaiting a decision on the applicant read, and only within one study', async () => {
      const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
      const customer = client(server, organization.apiKey);
      const study = await launchStudy(server, organization, { review: 'manual_review' });
      const elsewhere = await launchStudy(server, organization);
      await applyFrom(await signUp(server), elsewhere.id, LAB);
      const alone = await applyFrom(await signUp(server), study.id, LAB, REVIEW_ANSWERS);
      let applicants = await customer.get(`/v2/opportunities/${study.id}/applicants`);
      expect(applicants.body.data).toEqual([
        expect.objectContaining({ id: alone, quality_flags: [], test: false }),
      ]);
      const pair = await applyFrom(await signUp(server), study.id, LAB, REVIEW_ANSWERS);
      applicants = await customer.get(`/v2/opportunities/${study.id}/applicants`);
      expect(
        applicants.body.data.map((a: { id: string; quality_flags: string[] }) => [
          a.id,
          a.quality_flags,
        ]),
      ).toEqual([
        [alone, ['shared_network']],
        [pair, ['shared_network']],
      ]);
    });

    it('flags two applications from the participant app in one browser', async () => {
      const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
      const customer = client(server, organization.apiKey);
      const study = await launchStudy(server, organization, {
        questions: [],
        filters: [{ 'multi_select--country': { $in: ['DE'] } }],
      });
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const browser = new ParticipantClient(server.url);
        const form = await joinPanel(browser);
        await verifyByMail(browser, server, form.email);
        const page = await browser.get(`/participate/studies/${study.id}`);
        const applied = await browser.post(`/participate/studies/${study.id}/apply`, {
          _csrf: csrfOf(page.text),
        });
        expect(applied.status).toBe(303);
        const row = await server.database.db
          .selectFrom('submissions as s')
          .innerJoin('participants as p', 'p.id', 's.participant_id')
          .select('s.id')
          .where('p.email', '=', form.email.toLowerCase())
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      for (const id of ids) {
        expect((await customer.get(`/v2/submissions/${id}`)).body.quality_flags).toEqual([
          'shared_network',
        ]);
      }
    });
  });
});
