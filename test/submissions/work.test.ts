import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import {
  apply,
  launchStudy,
  loadGeographyOnce,
  signUp,
  type TestParticipant,
} from '../support/participant-side.ts';

const GATED_TASKS = [
  {
    sequence: 1,
    task_type: 'activity',
    review_type: 'manual_review',
    task_url: 'https://tasks.example/one?lang=en#start',
    title: 'First session',
    description: 'Warm-up',
    duration_minutes: 10,
  },
  {
    sequence: 2,
    task_type: 'activity',
    review_type: 'manual_review',
    task_url: 'https://tasks.example/two',
    title: 'Follow-up',
    description: 'A day later',
    duration_minutes: 10,
    available_after_sequence: 1,
    available_after_delay_minutes: 60,
  },
];

const UPLOAD_TASKS = [
  {
    sequence: 1,
    task_type: 'file_upload',
    review_type: 'manual_review',
    task_url: null,
    title: 'Upload your diary',
    description: 'Photos or a PDF',
    duration_minutes: 20,
    instructions: 'One to two files',
    accepted_mime_types: ['application/pdf', 'image/*'],
    min_files: 1,
    max_files: 2,
    max_file_size_bytes: 1000,
  },
];

describe.each(engines())('participant work on %s', (engine) => {
  let server: TestServer;
  let clockMs = Date.now();
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(
      engine,
      {
        rateLimitPerKey: 100_000,
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-uploads-')),
      },
      { clock: () => clockMs },
    );
  });
  afterAll(() => server.close());

  async function invited(spec: Parameters<typeof launchStudy>[2] = {}) {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const study = await launchStudy(server, organization, spec);
    const participant = await signUp(server);
    const { submission_id } = await apply(participant, study.id);
    return {
      study,
      participant,
      submissionId: submission_id!,
      customer: client(server, organization.apiKey),
    };
  }

  const submit = (
    participant: TestParticipant,
    submissionId: string,
    sequence: number,
    body: unknown = {},
  ) =>
    participant.api.post(
      `/v2/participant/submissions/${submissionId}/tasks/${sequence}/submit`,
      body,
    );

  it('starts, shows task URLs with tracking parameters, and walks gated tasks to approval', async () => {
    const { participant, submissionId, customer, study } = await invited({ tasks: GATED_TASKS });
    const before = await participant.api.get(`/v2/participant/submissions/${submissionId}`);
    expect(before.body).toMatchObject({
      status: 'screen_passed',
      incentive_cents: study.incentiveCents,
      paid_cents: 0,
    });
    expect(before.body.tasks.map((t: { status: string }) => t.status)).toEqual([
      'available',
      'locked',
    ]);
    expect(before.body.tasks[0].participant_url).toBe(
      `https://tasks.example/one?lang=en&submissionId=${submissionId}&serviceSubmissionId=${submissionId}&taskId=${encodeURIComponent(`${study.id}:1`)}#start`,
    );
    expect(before.body.tasks[1].participant_url).toBeNull();

    expect((await submit(participant, submissionId, 1, { notes: 'early' })).status).toBe(409);
    const started = await participant.api.post(`/v2/participant/submissions/${submissionId}/start`);
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('in_progress');
    expect(
      (await participant.api.post(`/v2/participant/submissions/${submissionId}/start`)).status,
    ).toBe(409);

    expect((await submit(participant, submissionId, 2)).status).toBe(409);
    const first = await submit(participant, submissionId, 1, { notes: 'Done, it was smooth' });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('awaiting_review');
    expect(first.body.tasks.map((t: { status: string }) => t.status)).toEqual([
      'submitted',
      'locked',
    ]);

    // Approving the first task leaves the gated one: back to in_progress, nothing paid yet.
    const partly = await customer.post(`/v2/submissions/${submissionId}/approve`, {});
    expect(partly.body).toEqual({
      id: submissionId,
      status: 'in_progress',
      dashboard_url: `http://cohort.test/dashboard/studies/${study.id}/submissions/${submissionId}`,
    });
    const waiting = await participant.api.get(`/v2/participant/submissions/${submissionId}`);
    expect(waiting.body.tasks.map((t: { status: string }) => t.status)).toEqual([
      'approved',
      'locked',
    ]);
    expect(waiting.body.tasks[1].available_at).toEqual(expect.any(String));
    expect((await submit(participant, submissionId, 2)).status).toBe(409);

    clockMs += 61 * 60_000;
    const opened = await participant.api.get(`/v2/participant/submissions/${submissionId}`);
    expect(opened.body.tasks.map((t: { status: string }) => t.status)).toEqual([
      'approved',
      'available',
    ]);
    expect(opened.body.tasks[1].participant_url).toContain(
      'https://tasks.example/two?submissionId=',
    );
    const second = await submit(participant, submissionId, 2, { notes: 'Follow-up done' });
    expect(second.body.status).toBe('awaiting_review');
    const approved = await customer.post(`/v2/submissions/${submissionId}/approve`, {});
    expect(approved.body.status).toBe('approved');

    const earnings = await participant.api.get('/v2/participant/earnings');
    expect(earnings.body).toEqual({
      total_cents: study.incentiveCents,
      currency: 'usd',
      data: [
        {
          id: expect.stringMatching(/^led_/),
          submission_id: submissionId,
          opportunity_id: study.id,
          opportunity_title: 'Checkout usability study',
          amount_cents: study.incentiveCents,
          kind: 'incentive',
          paid_at: expect.any(String),
        },
      ],
      pagination: { next_cursor: null, has_more: false },
    });
    const detail = await customer.get(`/v2/submissions/${submissionId}`);
    expect(detail.body.tasks).toEqual([
      {
        sequence: 1,
        task_type: 'activity',
        status: 'approved',
        submitted_at: expect.any(String),
        notes: 'Done, it was smooth',
        files: [],
      },
      {
        sequence: 2,
        task_type: 'activity',
        status: 'approved',
        submitted_at: expect.any(String),
        notes: 'Follow-up done',
        files: [],
      },
    ]);
  });

  it('pages earnings newest first with a cursor, the total covering every page', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const customer = client(server, organization.apiKey);
    const participant = await signUp(server);
    const paid: string[] = [];
    let total = 0;
    for (let i = 0; i < 3; i++) {
      const study = await launchStudy(server, organization, { title: `Study ${i}` });
      const submissionId = (await apply(participant, study.id)).submission_id!;
      await participant.api.post(`/v2/participant/submissions/${submissionId}/start`);
      expect((await submit(participant, submissionId, 1)).status).toBe(200);
      const approved = await customer.post(`/v2/submissions/${submissionId}/approve`, {});
      expect(approved.body.status).toBe('approved');
      paid.unshift(submissionId);
      total += study.incentiveCents;
    }

    const first = await participant.api.get('/v2/participant/earnings?limit=2');
    expect(first.body.total_cents).toBe(total);
    expect(first.body.pagination.has_more).toBe(true);
    const rest = await participant.api.get(
      `/v2/participant/earnings?limit=2&cursor=${first.body.pagination.next_cursor}`,
    );
    expect(rest.body.total_cents).toBe(total);
    expect(rest.body.pagination).toEqual({ next_cursor: null, has_more: false });
    const pages = [...first.body.data, ...rest.body.data];
    expect(pages.map((row: { submission_id: string }) => row.submission_id)).toEqual(paid);
    expect(pages.map((row: { opportunity_title: string }) => row.opportunity_title)).toEqual([
      'Study 2',
      'Study 1',
      'Study 0',
    ]);
  });

  it('refuses unknown fields and a task submitted twice', async () => {
    const { participant, submissionId } = await invited({ tasks: GATED_TASKS });
    await participant.api.post(`/v2/participant/submissions/${submissionId}/start`);
    const unknown = await submit(participant, submissionId, 1, { note: 'typo' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual([{ message: 'body.note: unknown field' }]);
    expect((await submit(participant, submissionId, 9)).status).toBe(404);
    expect((await submit(participant, submissionId, 1)).status).toBe(200);
    expect((await submit(participant, submissionId, 1)).status).toBe(409);
    const someoneElse = await signUp(server);
    expect((await someoneElse.api.get(`/v2/participant/submissions/${submissionId}`)).status).toBe(
      404,
    );
  });

  it('takes file uploads as multipart, checked against the task, stored under DATA_DIR', async () => {
    const { participant, submissionId, customer } = await invited({ tasks: UPLOAD_TASKS });
    await participant.api.post(`/v2/participant/submissions/${submissionId}/start`);
    const url = `${server.url}/v2/participant/submissions/${submissionId}/tasks/1/submit`;
    const post = (form: FormData) =>
      fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${participant.token}` },
        body: form,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

    const wrong = new FormData();
    wrong.append('files', new Blob(['MZ...'], { type: 'application/x-msdownload' }), 'tool.exe');
    wrong.append('files', new Blob(['x'.repeat(1001)], { type: 'application/pdf' }), 'big.pdf');
    const refused = await post(wrong);
    expect(refused.status).toBe(400);
    expect(refused.body.issues.map((i: { message: string }) => i.message)).toEqual([
      'File "tool.exe" has type application/x-msdownload, which this task does not accept',
      'File "big.pdf" is 1001 bytes, over the limit of 1000',
    ]);
    const tooMany = new FormData();
    for (let i = 0; i < 3; i++)
      tooMany.append('files', new Blob(['%PDF'], { type: 'application/pdf' }), `${i}.pdf`);
    expect((await post(tooMany)).status).toBe(400);
    const asJson = await submit(participant, submissionId, 1, { notes: 'no files' });
    expect(asJson.status).toBe(400);
    expect(asJson.body.issues).toEqual([{ message: 'At least 1 file(s) required, got 0' }]);

    const good = new FormData();
    good.append('notes', 'Week one');
    good.append('files', new Blob(['%PDF-1.4 diary'], { type: 'application/pdf' }), 'diary.pdf');
    good.append(
      'files',
      new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
      '../../etc/photo.png',
    );
    const accepted = await post(good);
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('awaiting_review');

    const detail = await customer.get(`/v2/submissions/${submissionId}`);
    const [task] = detail.body.tasks;
    expect(task).toMatchObject({ status: 'submitted', notes: 'Week one' });
    expect(
      task.files.map((f: { name: string; size_bytes: number; mime_type: string }) => [
        f.name,
        f.size_bytes,
        f.mime_type,
      ]),
    ).toEqual([
      ['diary.pdf', 14, 'application/pdf'],
      ['photo.png', 4, 'image/png'],
    ]);
    const download = await customer.get(task.files[0].download_url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.text).toBe('%PDF-1.4 diary');
    const stored = path.join(server.context.config.dataDir, 'uploads', submissionId, '1');
    expect(fs.readdirSync(stored).sort()).toEqual(
      task.files.map((f: { id: string }) => f.id).sort(),
    );
    // Refused uploads left nothing behind.
    expect(fs.readdirSync(stored)).toHaveLength(2);
    const stranger = await createTestOrganization(server);
    expect((await client(server, stranger.apiKey).get(task.files[0].download_url)).status).toBe(
      404,
    );
  });

  it('abandons: the place frees and the study recruits again', async () => {
    const { participant, submissionId, study } = await invited({ numParticipants: 1 });
    const late = await signUp(server);
    expect(
      (
        await late.api.post(`/v2/participant/opportunities/${study.id}/applications`, {
          answers: [],
        })
      ).status,
    ).toBe(409);
    const abandoned = await participant.api.post(
      `/v2/participant/submissions/${submissionId}/abandon`,
    );
    expect(abandoned.body.status).toBe('abandoned');
    expect(abandoned.body.tasks[0].participant_url).toBeNull();
    expect(
      (await participant.api.post(`/v2/participant/submissions/${submissionId}/abandon`)).status,
    ).toBe(409);
    expect((await apply(late, study.id)).status).toBe('screen_passed');
  });

  it('lists the participant’s own applications, newest first, with pages', async () => {
    const participant = await signUp(server);
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const study = await launchStudy(server, organization);
      const result = await apply(participant, study.id);
      ids.push(result.submission_id!);
    }
    const first = await participant.api.get('/v2/participant/submissions?limit=2');
    expect(first.body.data.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    const second = await participant.api.get(
      `/v2/participant/submissions?limit=2&cursor=${first.body.pagination.next_cursor}`,
    );
    expect(second.body.data.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
    expect(second.body.pagination).toEqual({ next_cursor: null, has_more: false });
  });
});
