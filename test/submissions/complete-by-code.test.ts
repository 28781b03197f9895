import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '../../src/platform/errors.ts';
import { CODE_MATCHES_NOTHING, completeTaskByCode } from '../../src/submissions/index.ts';
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

const SURVEYS = [
  {
    sequence: 1,
    task_type: 'activity',
    review_type: 'manual_review',
    task_url: 'https://survey.example/one',
    title: 'First survey',
    description: '',
    duration_minutes: 10,
  },
  {
    sequence: 2,
    task_type: 'activity',
    review_type: 'manual_review',
    task_url: 'https://survey.example/two',
    title: 'Second survey',
    description: '',
    duration_minutes: 10,
  },
];

/** The second survey opens once the first is approved. */
const GATED = [SURVEYS[0]!, { ...SURVEYS[1]!, available_after_sequence: 1 }];

const UPLOAD = [
  {
    sequence: 1,
    task_type: 'file_upload',
    review_type: 'manual_review',
    task_url: null,
    title: 'Upload your diary',
    description: '',
    duration_minutes: 20,
  },
];

describe.each(engines())('completeTaskByCode on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine, { rateLimitPerKey: 100_000 });
  });
  afterAll(() => server.close());

  /** A launched study, a participant invited to it (screen_passed), and the study's codes. */
  async function invited(tasks: typeof SURVEYS | typeof GATED | typeof UPLOAD) {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const study = await launchStudy(server, organization, { tasks });
    const participant = await signUp(server);
    const { submission_id } = await apply(participant, study.id);
    const customer = client(server, organization.apiKey);
    const read = await customer.get(`/v2/opportunities/${study.id}`);
    const codes = (read.body.tasks as { completion_code: string }[]).map((t) => t.completion_code);
    return { study, participant, submissionId: submission_id!, codes };
  }

  const nothingMatches = { name: ValidationError.name, message: CODE_MATCHES_NOTHING };

  const complete = (participant: TestParticipant, code: string) =>
    completeTaskByCode(server.database.db, {
      participantId: participant.id,
      code,
      now: new Date(),
    });

  /** Everything a hand-in changes: the submission row and its handed-in work. */
  async function snapshot(submissionId: string) {
    const { db } = server.database;
    const [submission, work] = await Promise.all([
      db
        .selectFrom('submissions')
        .selectAll()
        .where('id', '=', submissionId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('submission_tasks')
        .selectAll()
        .where('submission_id', '=', submissionId)
        .execute(),
    ]);
    return { submission, work };
  }

  const taskStatuses = async (participant: TestParticipant, submissionId: string) => {
    const read = await participant.api.get(`/v2/participant/submissions/${submissionId}`);
    return read.body.tasks.map((task: { status: string }) => task.status);
  };

  it('starts a screen_passed submission and hands in the task the code names', async () => {
    const { study, participant, submissionId, codes } = await invited(SURVEYS);
    // As a person would type it: blanks around, lower case.
    const done = await complete(participant, `  ${codes[1]!.toLowerCase()} `);
    expect(done).toMatchObject({
      opportunityId: study.id,
      opportunityTitle: 'Checkout usability study',
      sequence: 2,
      taskTitle: 'Second survey',
      submission: { id: submissionId, status: 'in_progress' },
    });
    expect(done.submission.started_at).not.toBeNull();
    expect(await taskStatuses(participant, submissionId)).toEqual(['available', 'submitted']);
    const { work } = await snapshot(submissionId);
    expect(work.map((row) => [row.sequence, row.notes])).toEqual([[2, null]]);

    // The last task available sends the submission to review, as the API's hand-in does.
    const last = await complete(participant, codes[0]!);
    expect(last).toMatchObject({ sequence: 1, submission: { status: 'awaiting_review' } });
    expect(await taskStatuses(participant, submissionId)).toEqual(['submitted', 'submitted']);
  });

  it('refuses a code used twice, while in progress and once the work awaits review', async () => {
    const { participant, submissionId, codes } = await invited(SURVEYS);
    await complete(participant, codes[0]!);
    const inProgress = await snapshot(submissionId);
    await expect(complete(participant, codes[0]!)).rejects.toMatchObject({
      name: ConflictError.name,
      message: 'Task 1 of "Checkout usability study" was already handed in',
    });
    expect(await snapshot(submissionId)).toEqual(inProgress);

    await complete(participant, codes[1]!);
    const awaitingReview = await snapshot(submissionId);
    expect(awaitingReview.submission.status).toBe('awaiting_review');
    await expect(complete(participant, codes[1]!)).rejects.toMatchObject({
      name: ConflictError.name,
      message: 'Task 2 of "Checkout usability study" was already handed in',
    });
    expect(await snapshot(submissionId)).toEqual(awaitingReview);
  });

  it('refuses a wrong code, or another participant’s, and changes nothing', async () => {
    const { participant, submissionId, codes } = await invited(SURVEYS);
    const before = await snapshot(submissionId);
    const someoneElse = await invited(SURVEYS);
    for (const wrong of ['ABCDEFGH', 'not a code', '', someoneElse.codes[0]!]) {
      await expect(complete(participant, wrong)).rejects.toMatchObject(nothingMatches);
    }
    // Nor does a participant with no study at all get anything else.
    const stranger = await signUp(server);
    await expect(complete(stranger, codes[0]!)).rejects.toMatchObject(nothingMatches);
    expect(await snapshot(submissionId)).toEqual(before);
    expect(before.submission.status).toBe('screen_passed');
    expect((await snapshot(someoneElse.submissionId)).work).toEqual([]);
  });

  it('starts nothing when the hand-in is refused: a locked task stays for later', async () => {
    const { participant, submissionId, codes } = await invited(GATED);
    const before = await snapshot(submissionId);
    await expect(complete(participant, codes[1]!)).rejects.toMatchObject({
      name: ConflictError.name,
      message: 'This task is locked and cannot be submitted',
    });
    expect(await snapshot(submissionId)).toEqual(before);
    expect(before.submission).toMatchObject({ status: 'screen_passed', started_at: null });
  });

  it('refuses a file_upload task: its files are uploaded on the task’s page', async () => {
    const { participant, submissionId, codes } = await invited(UPLOAD);
    const before = await snapshot(submissionId);
    await expect(complete(participant, codes[0]!)).rejects.toMatchObject({
      name: ValidationError.name,
      message: expect.stringContaining("upload them on the task's page"),
    });
    expect(await snapshot(submissionId)).toEqual(before);
  });
});
