import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { feasibilityPricingJob } from '../../src/feasibility/pricing.job.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { jobContextFor } from '../../src/server.ts';
import {
  createTestKey,
  createTestOrganization,
  engines,
  client as httpClient,
  startTestServer,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import {
  apply,
  DEFAULT_QUESTIONS,
  DEFAULT_TASKS,
  loadGeographyOnce,
  signUp,
} from '../support/participant-side.ts';

// `cohort mcp` driven by a real MCP client from the same SDK: the client spawns
// `node src/main.ts mcp` over stdio, and the MCP server talks HTTP to a real Cohort server.

/**
 * The MCP configuration of docs/api/sdk-and-mcp.md with this repository's path filled in, so the
 * test starts the server exactly as a client configured from that guide does (from another
 * working directory).
 */
function guideMcpConfig(): { command: string; args: string[]; env: Record<string, string> } {
  const guide = fs.readFileSync('docs/api/sdk-and-mcp.md', 'utf8');
  const section = guide.slice(guide.indexOf('## MCP server'));
  const json = section.match(/```json\n([\s\S]*?)```/)![1]!;
  const root = path.resolve('.');
  return JSON.parse(json.replaceAll('/path/to/cohort', root)).mcpServers.cohort;
}

async function connect(server: TestServer, apiKey: string) {
  const config = guideMcpConfig();
  const transport = new StdioClientTransport({
    command: config.command,
    args: config.args,
    cwd: os.tmpdir(),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...config.env,
      COHORT_URL: server.url,
      COHORT_API_KEY: apiKey,
    },
    stderr: 'pipe',
  });
  const mcp = new Client({ name: 'cohort-test-agent', version: '1.0.0' });
  await mcp.connect(transport);
  return { mcp };
}

type CallResult = {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: any;
};

describe.each(engines())('cohort mcp on %s', (engine) => {
  let server: TestServer;
  let organization: TestOrganization;
  let mcp: Client;

  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await mcp.callTool({ name, arguments: args })) as CallResult;
  const ok = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await call(name, args);
    expect(result.isError, `${name}: ${result.content[0]?.text}`).toBeFalsy();
    return result;
  };

  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine);
    organization = await createTestOrganization(server, {
      name: 'Agentic Research',
      balanceCents: 1_000_000,
    });
    ({ mcp } = await connect(server, organization.apiKey));
  }, 60_000);
  afterAll(async () => {
    await mcp?.close();
    await server?.close();
  });

  it('introduces itself and lists the workflow tools, each with its operation’s schema', async () => {
    expect(mcp.getServerVersion()).toMatchObject({ name: 'cohort' });
    expect(mcp.getInstructions()).toContain('pages for a person to open in a browser');
    const { tools } = await mcp.listTools();
    const names = tools.map((tool) => tool.name);
    for (const expected of [
      'get_organization_briefing',
      'list_projects',
      'create_project',
      'list_filters',
      'search_filter_options',
      'count_audience',
      'create_feasibility_request',
      'get_feasibility_request',
      'create_draft_opportunity',
      'launch_opportunity',
      'list_applicants',
      'invite_applicant',
      'decline_applicant',
      'list_submissions',
      'approve_submission',
      'reject_submission',
      'get_hours',
    ]) {
      expect(names).toContain(expected);
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const draft = byName.get('create_draft_opportunity')!;
    expect(draft.inputSchema.required).toEqual(
      expect.arrayContaining(['title', 'project_id', 'num_participants', 'tasks']),
    );
    expect(Object.keys(draft.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining([
        'filters',
        'screening_questions',
        'quotas',
        'feasibility_request_id',
      ]),
    );
    // Self-contained schemas: no reference into a document the client does not have.
    expect(JSON.stringify(tools)).not.toContain('$ref');
    expect(byName.get('get_hours')!.inputSchema.required).toEqual(
      expect.arrayContaining(['opportunityId', 'from', 'to']),
    );
    expect(byName.get('list_projects')!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get('preview_opportunity')!.description).toMatch(/^Charges nothing\./);
    expect(byName.get('launch_opportunity')!.annotations).toMatchObject({
      destructiveHint: true,
    });
    // Every tool whose answer carries dashboard links says they are for people, not API paths.
    for (const name of ['create_project', 'create_draft_opportunity', 'launch_opportunity']) {
      expect(byName.get(name)!.description).toMatch(
        /`dashboard_url` and `links\.dashboard\.\*` values are web pages for a person.*not API paths/,
      );
    }
  });

  it('reads the organization briefing as a markdown resource and as a tool', async () => {
    const { resources } = await mcp.listResources();
    expect(resources).toEqual([
      expect.objectContaining({
        uri: 'cohort://organization/briefing',
        mimeType: 'text/markdown',
      }),
    ]);
    const read = await mcp.readResource({ uri: 'cohort://organization/briefing' });
    const briefing = read.contents[0] as { mimeType: string; text: string };
    expect(briefing.mimeType).toBe('text/markdown');
    expect(briefing.text).toContain('Agentic Research');
    expect(briefing.text).toMatch(/^#/);
    const viaTool = await ok('get_organization_briefing');
    expect(viaTool.content[0]!.text).toBe(briefing.text);
    await expect(mcp.readResource({ uri: 'cohort://nothing' })).rejects.toThrow(/Unknown resource/);
  });

  it('creates a project, finds filter options, prices a draft and launches it', async () => {
    const project = await ok('create_project', { name: 'Agent-made project' });
    expect(project.structuredContent).toMatchObject({ name: 'Agent-made project' });
    const projectId = project.structuredContent.id as string;
    expect(projectId).toMatch(/^prj_/);
    const projects = await ok('list_projects', { limit: 10 });
    expect(projects.structuredContent.data.map((p: { id: string }) => p.id)).toContain(projectId);

    const filters = await ok('list_filters');
    expect(filters.structuredContent.data.map((f: { slug: string }) => f.slug)).toContain(
      'multi_select--country',
    );
    const options = await ok('search_filter_options', {
      filter_slug: 'multi_select--country',
      search: 'deutschland',
    });
    expect(options.structuredContent.data[0]).toEqual({ id: 'DE', name: 'Germany' });
    // A count of the shared panel: a number, or only "fewer than 25", never a person.
    const audience = await ok('count_audience', {
      filters: [{ 'multi_select--country': { $in: ['DE'] } }],
    });
    const size = audience.structuredContent;
    expect(size).toEqual(
      size.count === null ? { count: null, fewer_than: 25 } : { count: expect.any(Number) },
    );
    const unknownCountry = await call('count_audience', {
      filters: [{ 'multi_select--country': { $in: ['Germany'] } }],
    });
    expect(unknownCountry.isError).toBe(true);
    expect(unknownCountry.content[0]!.text).toContain('use the option id DE');

    // Every problem comes back at once, as the API lists them.
    const refused = await call('create_draft_opportunity', {
      title: 'Incomplete',
      project_id: projectId,
      num_participants: 0,
    });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toContain('400 BAD_REQUEST');
    expect(refused.content[0]!.text).toContain('tasks');
    expect(refused.content[0]!.text).toContain('num_participants');

    const draft = await ok('create_draft_opportunity', {
      title: 'Checkout interviews',
      project_id: projectId,
      num_participants: 3,
      filters: [{ 'multi_select--country': { $in: ['US', 'DE'] } }],
      customer_screening_review: 'manual_review',
      screening_questions: DEFAULT_QUESTIONS,
      tasks: DEFAULT_TASKS,
    });
    const opportunity = draft.structuredContent;
    expect(opportunity.status).toBe('draft');
    expect(opportunity.pricing.total_cost_cents).toBe(
      opportunity.pricing.cost_per_participant_cents * 3,
    );
    expect(opportunity.funding).toMatchObject({ affordable: true, shortfall_cents: 0 });
    expect(draft.content[0]!.text).toMatch(
      /^Draft opp_\S+ priced at \$[\d,.]+ per participant x 3/,
    );
    expect(draft.content[0]!.text).toContain('the balance covers it');

    // A preview of the draft costs nothing and hands back a link for a person and a token.
    const preview = await ok('preview_opportunity', { opportunityId: opportunity.id });
    expect(preview.structuredContent).toMatchObject({
      url: expect.stringContaining('/participate/preview/'),
      token: expect.stringMatching(/^pt_/),
      opportunity_id: opportunity.id,
    });

    const launched = await ok('launch_opportunity', { opportunityId: opportunity.id });
    expect(launched.structuredContent.status).toBe('active');
    expect(launched.content[0]!.text).toMatch(/^Launched opp_\S+ \(status active\): charged/);
    const again = await call('launch_opportunity', { opportunityId: opportunity.id });
    expect(again.isError).toBe(true);
    expect(again.content[0]!.text).toContain('409 CONFLICT');

    const organizationRead = await httpClient(server, organization.apiKey).get('/v2/organization');
    expect(organizationRead.body.balance.balance_cents).toBe(
      1_000_000 - opportunity.pricing.total_cost_cents,
    );

    // Missing and unknown arguments are the tool's own refusals, before any request.
    expect((await call('launch_opportunity', {})).content[0]!.text).toContain(
      'Missing argument: opportunityId',
    );
    expect((await call('list_filters', { colour: 'red' })).content[0]!.text).toContain(
      'Unknown argument: colour',
    );
  });

  it('invites and declines applicants, approves submitted work and reads hours', async () => {
    const project = await ok('create_project', { name: 'Review project' });
    const draft = await ok('create_draft_opportunity', {
      title: 'Prototype test',
      project_id: project.structuredContent.id,
      num_participants: 2,
      customer_screening_review: 'manual_review',
      screening_questions: DEFAULT_QUESTIONS,
      tasks: DEFAULT_TASKS,
    });
    const opportunityId = draft.structuredContent.id as string;
    await ok('launch_opportunity', { opportunityId });

    const ana = await signUp(server);
    const bo = await signUp(server);
    const anaApplication = await apply(ana, opportunityId);
    const boApplication = await apply(bo, opportunityId);
    expect(anaApplication.status).toBe('awaiting_decision');

    const applicants = await ok('list_applicants', { opportunityId });
    expect(applicants.structuredContent.data.map((a: { id: string }) => a.id).sort()).toEqual(
      [anaApplication.applicant_id, boApplication.applicant_id].sort(),
    );
    const invited = await ok('invite_applicant', { submissionId: anaApplication.applicant_id });
    expect(invited.structuredContent.status).toBe('screen_passed');
    const declined = await ok('decline_applicant', { submissionId: boApplication.applicant_id });
    expect(declined.structuredContent.status).toBe('screened_out');

    const submissionId = anaApplication.applicant_id!;
    expect((await ana.api.post(`/v2/participant/submissions/${submissionId}/start`)).status).toBe(
      200,
    );
    const submitted = await ana.api.post(
      `/v2/participant/submissions/${submissionId}/tasks/1/submit`,
      { notes: 'Done' },
    );
    expect(submitted.status).toBe(200);

    const waiting = await ok('list_submissions', { opportunityId, status: 'awaiting_review' });
    expect(waiting.structuredContent.data.map((s: { id: string }) => s.id)).toEqual([submissionId]);
    const detail = await ok('get_submission', { submissionId });
    expect(detail.structuredContent.screening_answers.length).toBeGreaterThan(0);
    const approved = await ok('approve_submission', { submissionId });
    expect(approved.structuredContent).toMatchObject({ id: submissionId, status: 'approved' });
    const twice = await call('reject_submission', {
      submissionId,
      rejection_category: 'LOW_EFFORT',
    });
    expect(twice.isError).toBe(true);
    expect(twice.content[0]!.text).toContain('409 CONFLICT');

    const today = new Date().toISOString().slice(0, 10);
    const hours = await ok('get_hours', { opportunityId, from: '2020-01-01', to: '2020-02-01' });
    expect(hours.structuredContent).toMatchObject({ total_seconds: 0, data: [] });
    const refusedWindow = await call('get_hours', { opportunityId, from: today, to: '2020-01-01' });
    expect(refusedWindow.isError).toBe(true);
    expect(refusedWindow.content[0]!.text).toContain('400 BAD_REQUEST');
  });

  it('pays a bonus once per idempotency_key, writes to the participant, keeps a group, shows the audit log', async () => {
    const tools = new Map((await mcp.listTools()).tools.map((tool) => [tool.name, tool]));
    for (const name of ['pay_bonuses', 'create_payout_run']) {
      const tool = tools.get(name)!;
      expect(tool.annotations).toMatchObject({ destructiveHint: true });
      expect(tool.description).toContain('Moves money');
      expect(tool.inputSchema.properties).toHaveProperty('idempotency_key');
    }
    const project = await ok('create_project', { name: 'Bonus project' });
    const draft = await ok('create_draft_opportunity', {
      title: 'Bonus study',
      project_id: project.structuredContent.id,
      num_participants: 2,
      screening_questions: DEFAULT_QUESTIONS,
      tasks: DEFAULT_TASKS,
    });
    const opportunityId = draft.structuredContent.id as string;
    await ok('launch_opportunity', { opportunityId });
    const ana = await signUp(server);
    const submissionId = (await apply(ana, opportunityId)).submission_id!;
    expect((await ana.api.post(`/v2/participant/submissions/${submissionId}/start`)).status).toBe(
      200,
    );

    const bonus = {
      opportunityId,
      bonuses: [{ submission_id: submissionId, amount_cents: 300, reason: 'Thanks' }],
      idempotency_key: `mcp-bonus-${engine}`,
    };
    const paid = await ok('pay_bonuses', bonus);
    const again = await ok('pay_bonuses', bonus);
    expect(again.structuredContent).toEqual(paid.structuredContent);
    const bonuses = await ok('list_bonuses', { opportunityId });
    expect(bonuses.structuredContent.data).toHaveLength(1);
    const oneTime = await call('create_payout_run', { opportunityId });
    expect(oneTime.isError).toBe(true);
    expect(oneTime.content[0]!.text).toContain('409 CONFLICT');

    await ok('send_message', { submissionId, body: 'Thank you for the careful work' });
    const thread = await ok('list_messages', { submissionId });
    expect(thread.structuredContent.data[0]).toMatchObject({ sender: 'organization' });
    const group = await ok('create_participant_group', { name: 'Invite back' });
    const added = await ok('add_participant_group_members', {
      groupId: group.structuredContent.id,
      participant_ids: [ana.id],
    });
    expect(added.structuredContent).toMatchObject({ added: 1, member_count: 1 });
    const audit = await ok('list_audit_events', { limit: 5 });
    const actions = (audit.structuredContent.data as { action: string }[]).map((e) => e.action);
    // Newest first: the message, then the bonus.
    expect(actions.slice(0, 2)).toEqual(['message.sent', 'bonus.paid']);
  });

  it('creates a feasibility request and waits until the worker has priced it', async () => {
    const created = await ok('create_feasibility_request', {
      taskDescription: 'A 30-minute interview about expense tools',
      panelDescription: 'Finance managers at mid-size companies',
      submissionCount: 10,
      timelineHours: 96,
      loiMinutes: 30,
    });
    expect(created.structuredContent.status).toBe('RECEIVED');
    const requestId = created.structuredContent.id as string;
    const unpriced = await ok('get_feasibility_request', { requestId });
    expect(unpriced.structuredContent.status).toBe('RECEIVED');

    const worker = new Worker(jobContextFor(server.context, quietLog), {
      // The pricing job alone: every kind would also run the submission clocks over the rows of
      // other test files sharing the PostgreSQL database.
      definitions: [feasibilityPricingJob],
      pollMs: 50,
    });
    worker.start();
    try {
      const priced = await ok('get_feasibility_request', { requestId, wait_seconds: 20 });
      expect(priced.structuredContent.status).toBe('RESPONDED');
      expect(priced.structuredContent.costPerParticipant).toMatch(/^\d+\.\d{2}$/);
    } finally {
      await worker.stop();
    }
  });

  it('hands refusals back as tool errors: a viewer key cannot write, a bad key cannot read', async () => {
    const viewerKey = (await createTestKey(server, organization.id, 'viewer')).apiKey;
    const viewer = await connect(server, viewerKey);
    try {
      const listed = await viewer.mcp.callTool({ name: 'list_projects', arguments: {} });
      expect(listed.isError).toBeFalsy();
      const refused = (await viewer.mcp.callTool({
        name: 'create_project',
        arguments: { name: 'Not allowed' },
      })) as CallResult;
      expect(refused.isError).toBe(true);
      expect(refused.content[0]!.text).toContain('403 FORBIDDEN: Insufficient access');
    } finally {
      await viewer.mcp.close();
    }

    const stranger = await connect(server, 'ck_not_a_key');
    try {
      const refused = (await stranger.mcp.callTool({
        name: 'list_projects',
        arguments: {},
      })) as CallResult;
      expect(refused.isError).toBe(true);
      expect(refused.content[0]!.text).toContain('401 UNAUTHORIZED');
      await expect(
        stranger.mcp.readResource({ uri: 'cohort://organization/briefing' }),
      ).rejects.toThrow(/401/);
    } finally {
      await stranger.mcp.close();
    }
  });

  it('exits by itself, with status 0, when its client closes stdin', async () => {
    const { spawn } = await import('node:child_process');
    // The SDK's TypeScript source, as the `cohort` command resolves it (bin/sdk-source.js).
    const child = spawn(process.execPath, ['--conditions=@cohort/source', 'src/main.ts', 'mcp'], {
      env: { PATH: process.env.PATH ?? '', COHORT_URL: server.url, COHORT_API_KEY: 'ck_x' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // Serving: now hang up, as a client does when it quits.
      if (stderr.includes('serving')) child.stdin.end();
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no exit; stderr: ${stderr}`)), 10_000);
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    expect(code).toBe(0);
    expect(stderr).toContain(`cohort mcp: serving ${server.url} over stdio`);
  });
});

describe('cohort mcp without a key', () => {
  it('refuses to start, saying what is missing', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(
      process.execPath,
      ['--conditions=@cohort/source', 'src/main.ts', 'mcp'],
      {
        env: { PATH: process.env.PATH ?? '' },
        input: '',
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('COHORT_API_KEY is not set');
  });
});
