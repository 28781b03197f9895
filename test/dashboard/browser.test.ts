import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { findOwnedSubmission } from '../../src/submissions/store.ts';
import { INTERVIEW_TASK } from '../opportunities/fixtures.ts';
import {
  browserTitle,
  chromiumAvailable,
  cspViolations,
  launchChromium,
  reportMissingChromium,
  screenshotPath,
} from '../support/browser.ts';
import { expectChoicesBesideLabels } from '../support/choice-alignment.ts';
import {
  type Client,
  client,
  createTestOrganization,
  engines,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import {
  apply,
  DEFAULT_QUESTIONS,
  signUp,
  type TestParticipant,
} from '../support/participant-side.ts';
import { createDashboardUser, startDashboardServer } from './support.ts';

/**
 * The dashboard in a real browser: Debian's Chromium, driven by playwright-core. Every page is
 * opened from a URL the API returned (the server's PUBLIC_URL is its own address), and screenshots
 * of the pages are kept in .test-artifacts/screenshots/.
 */
reportMissingChromium('Browser tests');

describe.skipIf(!chromiumAvailable).each(engines())(
  browserTitle('the dashboard in Chromium on %s'),
  (engine) => {
    let server: TestServer;
    let browser: BrowserContext;
    let page: Page;
    let organization: TestOrganization;
    let api: Client;
    let owner: Awaited<ReturnType<typeof createDashboardUser>>;
    let study: { id: string; title: string; links: Record<string, string | null> };
    let projectUrl: string;

    /** A screenshot of the page, its checkboxes and radios checked to sit beside their labels. */
    const shot = async (name: string) => {
      await expectChoicesBesideLabels(page, `dashboard ${name}`);
      await page.screenshot({
        path: screenshotPath(`${engine}-${name}`),
        fullPage: true,
      });
    };
    const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
    /** Rendered text, as a person reads it (layout matters: hidden parts are left out). */
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what these tests check
    const text = (selector: string) => page.locator(selector).first().innerText();
    const flash = () => text('.flash');

    beforeAll(async () => {
      loadGeography();
      ({ server } = await startDashboardServer(engine));
      organization = await createTestOrganization(server, {
        name: 'Northwind Research',
        balanceCents: 2_000_000,
      });
      api = client(server, organization.apiKey);
      owner = await createDashboardUser(server, organization.id, 'owner');
      browser = await launchChromium();
      page = await browser.newPage();
      // Confirmation dialogs (launch, decline, delete, credit) are accepted, as a person would.
      page.on('dialog', (dialog) => void dialog.accept());
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('signs in from a builder link the API returned, edits and launches the draft', async () => {
      const project = await api.post('/v2/projects', { name: 'Checkout research' });
      projectUrl = project.body.dashboard_url;
      expect(projectUrl).toBe(`${server.url}/dashboard/projects/${project.body.id}`);
      const created = await api.post('/v2/opportunities', {
        title: 'Checkout usability interviews',
        description: 'Thirty minutes on how you pay online.',
        project_id: project.body.id,
        num_participants: 4,
        expected_days_to_complete: 10,
        customer_screening_review: 'manual_review',
        screening_questions: DEFAULT_QUESTIONS,
        quotas: [
          {
            screening_question: 'role',
            targets: [
              { value: 'Designer', count: 2 },
              { value: 'Engineer', count: 2, type: 'maximum' },
            ],
          },
        ],
        tasks: [INTERVIEW_TASK],
      });
      expect(created.status).toBe(200);
      study = {
        id: created.body.id,
        title: created.body.title,
        links: created.body.links.dashboard,
      };
      const builder = study.links.draft_editor!;
      expect(builder).toBe(`${server.url}/dashboard/studies/${study.id}/builder`);

      await page.goto(builder);
      expect(pathOf(page.url())).toBe(
        `/dashboard/sign-in?next=${encodeURIComponent(`/dashboard/studies/${study.id}/builder`)}`,
      );
      await shot('sign-in');
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Password').fill(owner.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(builder);
      await expect(text('h1')).resolves.toBe('Checkout usability interviews');
      await expect(page.locator('#price-heading').isVisible()).resolves.toBe(true);
      const cost = created.body.pricing.total_cost_cents as number;
      await expect(text('main')).resolves.toContain(
        `$${(cost / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      );
      await shot('builder');

      // The builder's Brief step edits what PATCH may change; saving goes back to the review.
      const brief = `${server.url}/dashboard/studies/${study.id}/brief`;
      await page
        .getByRole('navigation', { name: 'Study steps' })
        .getByRole('link', { name: /Brief/ })
        .click();
      await page.waitForURL(brief);
      await page.getByLabel('Internal title').fill('Q3 checkout wave 1');
      await page.getByLabel('Recruitment window (days)').fill('12');
      await page.getByRole('button', { name: 'Save the brief' }).click();
      await page.waitForURL(builder);
      await expect(flash()).resolves.toBe('Saved.');
      const edited = await api.get(`/v2/opportunities/${study.id}`);
      expect(edited.body).toMatchObject({ internal_title: 'Q3 checkout wave 1', status: 'draft' });

      await page.goto(brief);
      await page.getByText('Screener, quotas and cross quotas').click();
      await page.getByLabel('Screening questions').fill('[{"text": "No pick"}]');
      await page.getByRole('button', { name: 'Save the brief' }).click();
      await page.waitForLoadState();
      await expect(flash()).resolves.toContain('The changes were not saved');
      // The problem beside the field, what was typed kept.
      await expect(text('#screening_questions-problems')).resolves.toMatch(/\w/);
      expect(await page.getByLabel('Screening questions').inputValue()).toBe(
        '[{"text": "No pick"}]',
      );
      await shot('builder-error');

      await page.goto(builder);
      await page.getByRole('button', { name: 'Launch study' }).click();
      await page.waitForURL(`${server.url}/dashboard/studies/${study.id}/submissions`);
      await expect(flash()).resolves.toContain('Launched “Checkout usability interviews”');
      const launched = await api.get(`/v2/opportunities/${study.id}`);
      expect(launched.body.status).toBe('active');
      study.links = launched.body.links.dashboard;
      expect(study.links.draft_editor).toBeNull();
      // The builder link of a launched study opens its submissions.
      await page.goto(builder);
      expect(page.url()).toBe(study.links.submissions);
    }, 120_000);

    it('invites and declines applicants from the link the applicants list returned', async () => {
      const people: TestParticipant[] = [];
      const applicants: string[] = [];
      for (let i = 0; i < 3; i++) {
        const person = await signUp(server, { name: ['Ana Lima', 'Bo Chen', 'Cy Diallo'][i] });
        people.push(person);
        const answers = [
          { key: 'role', answer: [i === 2 ? 'Engineer' : 'Designer'] },
          { key: 'tools', answer: ['Figma'] },
        ];
        applicants.push((await apply(person, study.id, answers)).applicant_id!);
      }
      const listed = await api.get(`/v2/opportunities/${study.id}/applicants`);
      expect(listed.body.data).toHaveLength(3);
      await page.goto(listed.body.dashboard_url);
      expect(page.url()).toBe(study.links.recruitment);
      await expect(text('#applicants-heading')).resolves.toContain('3');
      await shot('recruitment-applicants');

      for (const [id, action] of [
        [applicants[0], 'Invite'],
        [applicants[1], 'Invite'],
        [applicants[2], 'Decline'],
      ] as const) {
        await page
          .locator(`[data-applicant="${id}"]`)
          .getByRole('button', { name: action })
          .click();
        await page.waitForLoadState();
        await expect(flash()).resolves.toMatch(action === 'Invite' ? /^Invited/ : /^Declined/);
      }
      const submissions = await api.get(`/v2/opportunities/${study.id}/submissions`);
      const statusOf = (id: string) =>
        submissions.body.data.find((s: { id: string }) => s.id === id)?.status;
      expect(statusOf(applicants[0]!)).toBe('screen_passed');
      expect(statusOf(applicants[1]!)).toBe('screen_passed');
      expect(statusOf(applicants[2]!)).toBe('screened_out');
      expect((await api.get(`/v2/opportunities/${study.id}/applicants`)).body.data).toEqual([]);

      for (const [index, person] of people.slice(0, 2).entries()) {
        const id = applicants[index]!;
        expect((await person.api.post(`/v2/participant/submissions/${id}/start`)).status).toBe(200);
        const handedIn = await person.api.post(`/v2/participant/submissions/${id}/tasks/1/submit`, {
          notes: `Interview done, notes from participant ${index + 1}`,
        });
        expect(handedIn.body.status).toBe('awaiting_review');
      }
    }, 120_000);

    it('approves and rejects submissions from the link the submissions list returned', async () => {
      const listed = await api.get(
        `/v2/opportunities/${study.id}/submissions?status=awaiting_review`,
      );
      expect(listed.body.data).toHaveLength(2);
      const [second, first] = listed.body.data.map((s: { id: string }) => s.id);
      await page.goto(listed.body.dashboard_url);
      expect(page.url()).toBe(study.links.submissions);
      await expect(text('.stats')).resolves.toMatch(/Awaiting review\s+2/);
      // Each opens beside the list (docs/decisions/0183-review-at-a-glance.md), its decisions there.
      const panel = page.locator('#review-panel');
      await page.locator(`[data-submission="${first}"] a[data-panel]`).click();
      await expect
        .poll(() => panel.getByText('Screening answers').count(), { timeout: 15_000 })
        .toBe(1);
      await shot('submissions');

      await panel.getByRole('button', { name: 'Approve' }).click();
      await page.waitForLoadState();
      await expect(flash()).resolves.toBe('Approved: the participant is paid.');

      await page.locator(`[data-submission="${second}"] a[data-panel]`).click();
      await expect
        .poll(() => text('#review-panel > p > code.id'), { timeout: 15_000 })
        .toBe(second);
      const rejecting = panel;
      await rejecting.getByText('Reject…').click();
      await rejecting.getByLabel('Category').selectOption('FAILED_INSTRUCTIONS');
      await rejecting.getByLabel(/^Reason/).fill('The interview recording was missing.');
      await shot('submissions-reject');
      await rejecting.getByRole('button', { name: 'Reject submission' }).click();
      // The page still shows the approval's notice until the rejection's page replaces it.
      await expect.poll(flash, { timeout: 15_000 }).toMatch(/^Rejected/);

      expect((await api.get(`/v2/submissions/${first}`)).body.status).toBe('approved');
      expect((await api.get(`/v2/submissions/${second}`)).body.status).toBe('rejected');
      const rejected = await findOwnedSubmission(server.database.db, organization.id, second);
      expect(rejected).toMatchObject({
        rejection_category: 'FAILED_INSTRUCTIONS',
        rejection_reason: 'The interview recording was missing.',
      });
      const stats = (await api.get(`/v2/opportunities/${study.id}`)).body.submission_stats;
      expect(stats).toMatchObject({ approved: 1, rejected: 1, awaiting_review: 0 });
      await shot('submissions-after-review');

      // A submission approved through the API links to its own page.
      const person = await signUp(server, { name: 'Dee Okafor' });
      const id = (await apply(person, study.id)).applicant_id!;
      await api.post(`/v2/submissions/${id}/invite`);
      await person.api.post(`/v2/participant/submissions/${id}/start`);
      await person.api.post(`/v2/participant/submissions/${id}/tasks/1/submit`, { notes: 'Done' });
      const approved = await api.post(`/v2/submissions/${id}/approve`, {});
      expect(approved.body.dashboard_url).toBe(`${study.links.submissions}/${id}`);
      await page.goto(approved.body.dashboard_url);
      await expect(text('#submission-heading')).resolves.toContain(id);
      await expect(text('main')).resolves.toContain('Dee Okafor');
      await shot('submission');
    }, 120_000);

    it('opens recruitment, tasks and settings from links.dashboard, with charts', async () => {
      const read = await api.get(`/v2/opportunities/${study.id}`);
      const links = read.body.links.dashboard;
      await page.goto(links.recruitment);
      const charts = page.locator('figure.chart svg[role="img"]');
      expect(await charts.count()).toBeGreaterThanOrEqual(4);
      await expect(text('main')).resolves.toContain('What is your role?');
      await expect(page.locator('svg title').allTextContents()).resolves.toContain(
        'Quota on What is your role?',
      );
      await shot('recruitment');

      await page.goto(links.task);
      await expect(text('main')).resolves.toContain(INTERVIEW_TASK.title);
      await expect(text('main')).resolves.toContain('{submissionId}');
      await shot('tasks');

      await page.goto(links.settings);
      await expect(text('main')).resolves.toContain('manual review');
      await shot('settings');

      await page.goto(links.study);
      expect(page.url()).toBe(links.submissions);
    }, 120_000);

    it('pauses and resumes from the project page the API links to', async () => {
      await page.goto(projectUrl);
      await expect(text('h1')).resolves.toBe('Checkout research');
      const summaries = await api.get(
        `/v2/opportunities?projectId=${new URL(projectUrl).pathname.split('/').pop()}`,
      );
      const summary = summaries.body.data.find((s: { id: string }) => s.id === study.id);
      await expect(
        page.locator(`a[href="${pathOf(summary.dashboard_url)}"]`).count(),
      ).resolves.toBe(1);
      await shot('project');
      await page.getByRole('button', { name: `Pause ${study.title}` }).click();
      await page.waitForURL(projectUrl);
      await expect(flash()).resolves.toMatch(/^Paused/);
      expect((await api.get(`/v2/opportunities/${study.id}`)).body.status).toBe('paused');
      await page.getByRole('button', { name: `Resume ${study.title}` }).click();
      await page.waitForURL(projectUrl);
      await expect(flash()).resolves.toMatch(/^Resumed/);
      expect((await api.get(`/v2/opportunities/${study.id}`)).body.status).toBe('active');
    }, 120_000);

    it('opens home, projects, finance and feasibility from the URLs the API returned', async () => {
      const briefing = await api.get('/v2/organization');
      const { links, balance } = briefing.body;
      await page.goto(links.dashboard);
      await expect(text('h1')).resolves.toBe('Northwind Research');
      await shot('home');
      await page.goto(links.projects);
      await expect(text('main')).resolves.toContain('Checkout research');
      await shot('projects');

      await page.goto(balance.finance_url);
      await expect(text('main')).resolves.toContain('Launch charge');
      await page.getByLabel('Amount (USD)').fill('2500');
      await page.getByLabel(/^Memo/).fill('Purchase order 1187');
      await page.getByRole('button', { name: 'Add credit' }).click();
      await page.waitForURL(links.finance);
      await expect(flash()).resolves.toMatch(/^Added \$2,500\.00/);
      const after = await api.get('/v2/organization');
      expect(after.body.balance.balance_cents - balance.balance_cents).toBe(250_000);
      await shot('finance');

      const feasibility = await api.post('/v2/feasibility/requests', {
        taskDescription: 'A 30-minute interview about paying online',
        panelDescription: 'Product designers in the US',
        submissionCount: 20,
        timelineHours: 72,
        loiMinutes: 30,
      });
      expect(feasibility.status).toBe(200);
      await page.goto(feasibility.body.dashboard_url);
      await expect(text('h1')).resolves.toBe('Feasibility request');
      await expect(text('main')).resolves.toContain('Product designers in the US');
      await shot('feasibility');
    }, 120_000);

    it('deletes a draft from its builder', async () => {
      const projectId = new URL(projectUrl).pathname.split('/').pop();
      const draft = await api.post('/v2/opportunities', {
        title: 'A draft to throw away',
        project_id: projectId,
        num_participants: 2,
        tasks: [INTERVIEW_TASK],
      });
      await page.goto(draft.body.links.dashboard.study);
      await page.getByRole('button', { name: 'Delete draft' }).click();
      await page.waitForURL(projectUrl);
      await expect(flash()).resolves.toContain('Deleted the draft “A draft to throw away”');
      expect((await api.get(`/v2/opportunities/${draft.body.id}`)).status).toBe(404);
    }, 120_000);

    it('signs out', async () => {
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${server.url}/dashboard/sign-in`);
      await page.goto(`${server.url}/dashboard/finance`);
      expect(pathOf(page.url())).toBe('/dashboard/sign-in?next=%2Fdashboard%2Ffinance');
    }, 60_000);

    it('met no Content-Security-Policy violation on any page it opened', () => {
      expect(cspViolations(browser)).toEqual([]);
    });
  },
);
