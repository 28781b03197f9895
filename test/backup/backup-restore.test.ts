import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/platform/csv.ts';
import { Browserless } from '../dashboard/support.ts';
import { profile } from '../support/participant-side.ts';
import {
  createProcessDatabase,
  type ProcessDatabase,
  runCli,
  type ServeProcess,
  startServeProcess,
} from '../webhooks/serve-process.ts';

// A serve process builds the geography index before it listens: seconds of CPU on a busy machine.
const START_DEADLINE_MS = 60_000;
const CLI_DEADLINE_MS = 60_000;

const UPLOAD_TASK = {
  sequence: 1,
  task_type: 'file_upload',
  review_type: 'manual_review',
  task_url: null,
  title: 'Upload your diary',
  description: 'A text file',
  duration_minutes: 20,
  instructions: 'One file',
  accepted_mime_types: ['text/plain'],
  min_files: 1,
  max_files: 1,
  max_file_size_bytes: 100_000,
};

interface Call {
  status: number;
  body: any;
  text: string;
}

/** Talks HTTP to a serve process with one credential. */
function api(server: ServeProcess, token?: string) {
  return async (method: string, pathname: string, body?: unknown): Promise<Call> => {
    const response = await fetch(`${server.url}${pathname}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined || body instanceof FormData
          ? {}
          : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const text = await response.text();
    const json = (response.headers.get('content-type') ?? '').includes('json') && text;
    return { status: response.status, body: json ? JSON.parse(text) : text, text };
  };
}

function ok(call: Call, what: string): any {
  if (call.status !== 200) throw new Error(`${what}: ${call.status} ${call.text}`);
  return call.body;
}

/** The organization's whole ledger as its dashboard exports it (newest first). */
async function ledgerOf(server: ServeProcess, env: NodeJS.ProcessEnv, organizationId: string) {
  const link = JSON.parse(
    (await runCli(env, ['login-link', '--org', organizationId, '--json'], CLI_DEADLINE_MS)).trim(),
  );
  const browser = new Browserless(server.url);
  await browser.get(new URL(link.url).pathname);
  const csv = await browser.get('/dashboard/finance/ledger.csv');
  expect(csv.status).toBe(200);
  const [header, ...rows] = parseCsv(csv.text);
  expect(header!.slice(0, 5)).toEqual([
    'entry_id',
    'created_at',
    'kind',
    'amount_cents',
    'balance_after_cents',
  ]);
  return rows.map((row) => row.join(','));
}

/** What the test uploaded for each submission: the file's bytes, to find again after restore. */
interface Upload {
  submissionId: string;
  content: string;
}

/**
 * Real processes: `cohort serve` takes writes over HTTP (launches, sign-ups, uploads, approvals)
 * from several loops while `cohort backup` runs; the backup is restored with `cohort restore` into
 * a new folder, a second `serve` starts on it, and what it answers over HTTP is a state the first
 * server passed through, uploads included.
 */
describe('cohort backup under write load, and cohort restore', () => {
  const servers: ServeProcess[] = [];
  const databases: ProcessDatabase[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await Promise.all(databases.map((database) => database.drop()));
  });

  it('restores balances, ledger, submissions and files as they were at one moment', {
    timeout: 4 * START_DEADLINE_MS,
  }, async () => {
    const original = await createProcessDatabase('sqlite');
    databases.push(original);
    Object.assign(original.env, { LOG_LEVEL: 'warn', RATE_LIMIT_PER_KEY: '1000000' });
    const server = await startServeProcess(original.env, START_DEADLINE_MS);
    servers.push(server);
    const makeOrg = async (name: string) =>
      JSON.parse(
        await runCli(
          original.env,
          ['org', 'create', '--name', name, '--balance-cents', '100000000', '--json'],
          CLI_DEADLINE_MS,
        ),
      ) as { organization: { id: string }; api_key: string };
    const busy = await makeOrg('Busy Lab');
    const quiet = await makeOrg('Quiet Lab');
    const customer = api(server, busy.api_key);
    const project = ok(await customer('POST', '/v2/projects', { name: 'Diaries' }), 'project');

    const launch = async (title: string, numParticipants: number) => {
      const draft = ok(
        await customer('POST', '/v2/opportunities', {
          title,
          description: 'Keep a diary and upload it',
          project_id: project.id,
          num_participants: numParticipants,
          expected_days_to_complete: 7,
          screening_questions: [],
          filters: [],
          tasks: [UPLOAD_TASK],
        }),
        'draft',
      );
      ok(await customer('POST', `/v2/opportunities/${draft.id}/launch`, {}), 'launch');
      return draft.id as string;
    };
    const study = await launch('Diary study', 1000);
    const quietCustomer = api(server, quiet.api_key);
    const quietProject = ok(await quietCustomer('POST', '/v2/projects', { name: 'Q' }), 'q');

    let sequence = 0;
    /** One person: signs up, applies, starts, uploads a file; every other one is approved. */
    const person = async (): Promise<Upload> => {
      sequence += 1;
      const mine = sequence;
      const signup = ok(await api(server)('POST', '/v2/participant/signup', profile()), 'sign-up');
      const participant = api(server, signup.token);
      const applied = ok(
        await participant('POST', `/v2/participant/opportunities/${study}/applications`, {
          answers: [],
        }),
        'apply',
      );
      const submissionId = applied.submission_id as string;
      ok(await participant('POST', `/v2/participant/submissions/${submissionId}/start`), 'start');
      const content = `diary ${mine} ${submissionId} ${'x'.repeat(mine * 37)}`;
      const form = new FormData();
      form.append('files', new Blob([content], { type: 'text/plain' }), `diary-${mine}.txt`);
      ok(
        await participant(
          'POST',
          `/v2/participant/submissions/${submissionId}/tasks/1/submit`,
          form,
        ),
        'upload',
      );
      if (mine % 2 === 0) {
        ok(await customer('POST', `/v2/submissions/${submissionId}/approve`, {}), 'approve');
      }
      return { submissionId, content };
    };

    // Before the backup: people who must all be in it.
    const before: Upload[] = [];
    for (let i = 0; i < 4; i++) before.push(await person());
    const ledgerBefore = await ledgerOf(server, original.env, busy.organization.id);
    const quietLedger = await ledgerOf(server, original.env, quiet.organization.id);
    const quietBriefing = ok(await quietCustomer('GET', '/v2/organization'), 'quiet briefing');

    // Write load: three loops of people and one of launches, until the backup is done.
    let backingUp = true;
    const during: Upload[] = [];
    let writesDuringBackup = 0;
    const loops = [
      ...Array.from({ length: 3 }, async () => {
        while (backingUp) {
          during.push(await person());
          if (backingUp) writesDuringBackup += 1;
        }
      }),
      (async () => {
        while (backingUp) {
          await launch(`Launched under load ${sequence}`, 3);
          if (backingUp) writesDuringBackup += 1;
        }
      })(),
    ];
    const archive = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-backups-')),
      'b.tar.gz',
    );
    let output: string;
    try {
      output = await runCli(original.env, ['backup', archive, '--json'], CLI_DEADLINE_MS);
    } finally {
      backingUp = false;
      await Promise.all(loops);
    }
    expect(writesDuringBackup).toBeGreaterThan(0);
    const manifest = JSON.parse(output);
    expect(manifest.files[0].path).toBe('cohort.sqlite');
    expect(manifest.migrations.length).toBeGreaterThan(0);
    const ledgerAfter = await ledgerOf(server, original.env, busy.organization.id);

    // A non-empty data folder is refused without --force, and left as it was.
    const listing = () => fs.readdirSync(original.env.DATA_DIR!).sort();
    const was = listing();
    await expect(runCli(original.env, ['restore', archive], CLI_DEADLINE_MS)).rejects.toMatchObject(
      {
        code: 2,
        stderr: expect.stringContaining('is not empty'),
      },
    );
    expect(listing()).toEqual(was);

    const restored = await createProcessDatabase('sqlite');
    databases.push(restored);
    Object.assign(restored.env, { LOG_LEVEL: 'warn', RATE_LIMIT_PER_KEY: '1000000' });
    await runCli(restored.env, ['restore', archive], CLI_DEADLINE_MS);
    const second = await startServeProcess(restored.env, START_DEADLINE_MS);
    servers.push(second);

    // The quiet organization is exactly as it was.
    expect(ok(await api(second, quiet.api_key)('GET', '/v2/organization'), 'briefing')).toEqual(
      ok(await quietCustomer('GET', '/v2/organization'), 'briefing'),
    );
    expect(quietBriefing.balance.balance_cents).toBe(100_000_000);
    expect(await ledgerOf(second, restored.env, quiet.organization.id)).toEqual(quietLedger);
    expect(
      ok(await api(second, quiet.api_key)('GET', `/v2/projects/${quietProject.id}`), 'project'),
    ).toEqual(ok(await quietCustomer('GET', `/v2/projects/${quietProject.id}`), 'project'));

    // The busy one: a ledger the first server passed through, holding all it held before the
    // backup began, and a balance equal to its sum.
    const ledger = await ledgerOf(second, restored.env, busy.organization.id);
    expect(ledgerAfter.slice(ledgerAfter.length - ledger.length)).toEqual(ledger);
    expect(ledger.slice(ledger.length - ledgerBefore.length)).toEqual(ledgerBefore);
    const restoredBusy = api(second, busy.api_key);
    const balance = ok(await restoredBusy('GET', '/v2/organization'), 'briefing').balance
      .balance_cents;
    const amounts = ledger.map((row) => Number(row.split(',')[3]));
    expect(amounts.reduce((sum, cents) => sum + cents, 0)).toBe(balance);
    expect(Number(ledger[0]!.split(',')[4])).toBe(balance);

    // Every submission made before the backup, and every one made during it that the copy holds,
    // comes back with the file as uploaded, and as the first server shows it when unchanged since.
    for (const upload of [...before, ...during]) {
      const found = await restoredBusy('GET', `/v2/submissions/${upload.submissionId}`);
      if (before.includes(upload)) expect(found.status).toBe(200);
      else if (found.status === 404) continue;
      expect(found.status).toBe(200);
      const [task] = found.body.tasks;
      if (!task.files?.length) {
        // Copied between the start of the work and its upload.
        expect(before).not.toContain(upload);
        expect(task.status).toBe('available');
        continue;
      }
      expect(task.files).toHaveLength(1);
      const file = await restoredBusy(
        'GET',
        new URL(task.files[0].download_url, second.url).pathname,
      );
      expect(file.status).toBe(200);
      expect(file.text).toBe(upload.content);
      const now = ok(await customer('GET', `/v2/submissions/${upload.submissionId}`), 'submission');
      // Unchanged since the copy: the same answer; else an earlier state (jobs of the first
      // server still touch submissions made before the backup).
      if (now.updated_at === found.body.updated_at) expect(found.body).toEqual(now);
      else expect(found.body.updated_at < now.updated_at).toBe(true);
    }
  });
});
