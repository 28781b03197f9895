import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Engine } from '../../src/platform/db/database.ts';
import { Browserless, createDashboardUser } from '../dashboard/support.ts';
import { runCli } from '../support/cli.ts';
import {
  client,
  createTestOrganization,
  engines,
  openTestDatabase,
  startTestServer,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import { balanceOf, ledgerOf } from '../support/money.ts';
import {
  apply,
  launchStudy,
  loadGeographyOnce,
  signUp,
  type TestParticipant,
} from '../support/participant-side.ts';

/**
 * A participant's data, exported and erased (docs/participant-data.md): through the API and the
 * CLI, on both engines; and, on the embedded database, not one byte of what was erased left in
 * the data folder.
 */

const QUESTIONS = [
  {
    key: 'role',
    text: 'What is your role?',
    pick: 'one',
    answers: [{ text: 'Designer' }, { text: 'Other', allow_free_text: true }],
  },
  { key: 'bio', text: 'Tell us about your work', pick: 'text' },
];

const UPLOAD_TASK = [
  {
    sequence: 1,
    task_type: 'file_upload',
    review_type: 'manual_review',
    title: 'A photo of your desk',
    description: 'One file',
    duration_minutes: 5,
    accepted_mime_types: ['text/plain'],
    min_files: 1,
    max_files: 1,
    max_file_size_bytes: 10_000,
  },
];

/** The servers' clock: tracked time must lie between the start of work and now. */
const clock = { now: Date.now() };

/** A server whose data folder (uploads, and the SQLite file) is this run's own; the CLI's env. */
async function startServer(engine: Engine) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-erasure-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  if (engine === 'postgres') env.DATABASE_URL = inject('postgresUrl');
  else delete env.DATABASE_URL;
  const database =
    engine === 'sqlite'
      ? openTestDatabase('sqlite', path.join(dataDir, 'cohort.sqlite'))
      : undefined;
  const server = await startTestServer(
    engine,
    { dataDir, rateLimitPerKey: 100_000 },
    {
      database,
      clock: () => clock.now,
    },
  );
  return { server, env, dataDir };
}

/** Every file under a folder, recursively, read whole. */
function everyFile(root: string): { file: string; bytes: Buffer }[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file, bytes: fs.readFileSync(file) };
    });
}

describe.each(engines())("a participant's data on %s", (engine) => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  let dataDir: string;
  let organization: TestOrganization;

  beforeAll(async () => {
    loadGeographyOnce();
    ({ server, env, dataDir } = await startServer(engine));
    organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
  }, 120_000);
  afterAll(() => server?.close());

  /** Values no other row holds, so finding one anywhere means the erasure missed it. */
  let people = 0;
  function distinctive() {
    people += 1;
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    return {
      name: `Zebedee Quillfeather ${tag}`,
      email: `zq.${tag}@example.org`,
      birthDate: `19${30 + people}-03-17`,
      freeText: `OWLKEEPER-${tag}`,
      bio: `I restore lighthouse lenses ${tag}`,
      background: `Lens grinder at Fresnel-${tag}`,
      message: `Please call me on 0-${tag}`,
      notes: `Notes about my desk ${tag}`,
      upload: `UPLOADED-CONTENT-${tag}`,
    };
  }

  /**
   * A participant with one approved submission (free-text answers, an upload, a message, a
   * payment) and one held place in another study.
   */
  async function busyParticipant(values: ReturnType<typeof distinctive>) {
    const customer = client(server, organization.apiKey);
    const participant = await signUp(server, {
      name: values.name,
      email: values.email,
      birth_date: values.birthDate,
      background: {
        experiences: [{ company: 'Lensworks', role: null, description: values.background }],
      },
    });
    const done = await launchStudy(server, organization, {
      questions: QUESTIONS as never,
      tasks: UPLOAD_TASK as never,
    });
    const { submission_id: doneId } = await apply(participant, done.id, [
      { key: 'role', answer: ['Other'], free_text: values.freeText },
      { key: 'bio', answer: [values.bio] },
    ] as never);
    await participant.api.post(`/v2/participant/submissions/${doneId}/start`);
    const startedAt = clock.now;
    clock.now += 11 * 60_000;
    const tracked = await participant.api.post('/v2/participant/time-entries', {
      submission_id: doneId,
      started_at: new Date(startedAt + 1_000).toISOString(),
      ended_at: new Date(startedAt + 601_000).toISOString(),
    });
    expect(tracked.status, tracked.text).toBe(200);
    const form = new FormData();
    form.append('notes', values.notes);
    form.append('files', new Blob([values.upload], { type: 'text/plain' }), 'desk.txt');
    const uploaded = await fetch(
      `${server.url}/v2/participant/submissions/${doneId}/tasks/1/submit`,
      { method: 'POST', headers: { authorization: `Bearer ${participant.token}` }, body: form },
    );
    expect(uploaded.status, await uploaded.text()).toBe(200);
    const sent = await participant.api.post(`/v2/participant/submissions/${doneId}/messages`, {
      body: values.message,
    });
    expect(sent.status, sent.text).toBe(200);
    const approved = await customer.post(`/v2/submissions/${doneId}/approve`, {});
    expect(approved.status, approved.text).toBe(200);

    const held = await launchStudy(server, organization, { numParticipants: 1 });
    const { submission_id: heldId } = await apply(participant, held.id);
    return {
      participant,
      doneId: doneId!,
      doneStudy: done,
      heldId: heldId!,
      heldStudy: held,
      customer,
    };
  }

  it('exports everything held about the participant, and nothing secret', async () => {
    const values = distinctive();
    const { participant, doneId, heldId } = await busyParticipant(values);
    const exported = await participant.api.get('/v2/participant/me/export');
    expect(exported.status, exported.text).toBe(200);
    const document = exported.body;
    expect(document.participant).toMatchObject({
      id: participant.id,
      name: values.name,
      email: values.email,
      birth_date: values.birthDate,
    });
    expect(document.account).toMatchObject({ status: 'active', password_set: false, test: false });
    expect(document.submissions.map((s: { id: string }) => s.id).sort()).toEqual(
      [doneId, heldId].sort(),
    );
    const done = document.submissions.find((s: { id: string }) => s.id === doneId);
    expect(done.status).toBe('approved');
    expect(done.screening_answers).toEqual([
      expect.objectContaining({ key: 'role', answer: ['Other'], free_text: values.freeText }),
      expect.objectContaining({ key: 'bio', answer: [values.bio] }),
    ]);
    expect(done.tasks[0]).toMatchObject({ status: 'approved', notes: values.notes });
    expect(document.uploads).toEqual([
      expect.objectContaining({
        submission_id: doneId,
        sequence: 1,
        name: 'desk.txt',
        mime_type: 'text/plain',
        size_bytes: values.upload.length,
      }),
    ]);
    expect(document.messages).toEqual([
      expect.objectContaining({
        submission_id: doneId,
        sender: 'participant',
        body: values.message,
      }),
    ]);
    expect(document.payments).toEqual([
      expect.objectContaining({ kind: 'participant_payout', submission_id: doneId }),
    ]);
    expect(document.payments[0].amount_cents).toBeGreaterThan(0);
    expect(document.time_entries).toEqual([
      expect.objectContaining({ submission_id: doneId, seconds: 600 }),
    ]);
    for (const secret of ['token_hash', 'password_hash', 'csrf_token', participant.token]) {
      expect(exported.text).not.toContain(secret);
    }

    // The operator's export is the same document.
    const { stdout } = await runCli(env, ['participant', 'export', participant.id]);
    const fromCli = JSON.parse(stdout);
    expect({ ...fromCli, exported_at: null }).toEqual({ ...document, exported_at: null });
  });

  it('erases: the token stops working, organizations see an erased participant, and the books still balance', async () => {
    const values = distinctive();
    const { participant, doneId, doneStudy, heldId, heldStudy, customer } =
      await busyParticipant(values);
    const hoursUrl = `/v2/opportunities/${doneStudy.id}/hours?from=${new Date(clock.now - 3 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(clock.now + 2 * 86_400_000).toISOString().slice(0, 10)}`;
    const hoursBefore = await customer.get(hoursUrl);
    expect(hoursBefore.status, hoursBefore.text).toBe(200);
    expect(hoursBefore.text).toContain(values.email);
    const balanceBefore = await balanceOf(server, organization.id);
    const ledgerBefore = await ledgerOf(server, organization.id);
    const download = (await customer.get(`/v2/submissions/${doneId}`)).body.tasks[0].files[0]
      .download_url as string;

    const erased = await participant.api.delete('/v2/participant/me');
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body).toEqual({ id: participant.id, deleted: true });

    // The token is revoked: every participant route answers 401, erasing again included.
    for (const request of [
      () => participant.api.get('/v2/participant/me'),
      () => participant.api.get('/v2/participant/me/export'),
      () => participant.api.delete('/v2/participant/me'),
    ]) {
      const refused = await request();
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'Invalid participant token' },
      });
    }

    // The organization keeps the submission and its status, without the person.
    const seen = await customer.get(`/v2/submissions/${doneId}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      participant_id: participant.id,
      status: 'approved',
      participant_name: 'erased participant',
      participant_linkedin_url: null,
    });
    for (const value of Object.values(values)) expect(seen.text).not.toContain(value);
    expect(
      seen.body.screening_answers.map((a: { key: string; answer: string[] }) => [a.key, a.answer]),
    ).toEqual([
      ['role', ['Other']],
      ['bio', []],
    ]);
    expect(seen.body.screening_answers[0].free_text).toBeUndefined();
    expect(seen.body.tasks[0]).toMatchObject({ status: 'approved', notes: null, files: [] });
    const gone = await customer.get(download);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({
      code: 'NOT_FOUND',
      message: expect.any(String),
      issues: expect.any(Array),
    });
    const hoursAfter = await customer.get(hoursUrl);
    expect(hoursAfter.body.data.map((row: { email: string }) => row.email)).toEqual(
      hoursBefore.body.data.map(() => 'erased participant'),
    );
    expect(
      hoursAfter.body.data.reduce(
        (total: number, row: { seconds: number }) => total + row.seconds,
        0,
      ),
    ).toBe(600);
    // The dashboard's pages say so too: the submissions list and the submission.
    const owner = await createDashboardUser(server, organization.id, 'owner');
    const dashboard = new Browserless(server.url);
    await dashboard.signIn(owner.email, owner.password);
    for (const page of [
      `/dashboard/studies/${doneStudy.id}/submissions`,
      `/dashboard/studies/${doneStudy.id}/submissions/${doneId}`,
    ]) {
      const shown = await dashboard.get(page);
      expect(shown.status, page).toBe(200);
      expect(shown.text, page).toContain('erased participant');
      for (const value of Object.values(values)) expect(shown.text, page).not.toContain(value);
    }
    const thread = await customer.get(`/v2/submissions/${doneId}/messages`);
    expect(thread.status).toBe(200);
    expect(thread.body.data.map((m: { body: string }) => m.body)).toEqual(['']);

    // The held place went back to recruitment through the participant's own return.
    const returned = await customer.get(`/v2/submissions/${heldId}`);
    expect(returned.body).toMatchObject({ status: 'abandoned', abandoned_reason: 'returned' });
    const someoneElse = await signUp(server);
    expect((await apply(someoneElse, heldStudy.id)).status).toBe('screen_passed');

    // Not one ledger row changed; the balance is the sum of the ledger.
    const ledgerAfter = await ledgerOf(server, organization.id);
    expect(ledgerAfter.filter((row) => ledgerBefore.some((b) => b.id === row.id))).toEqual(
      ledgerBefore,
    );
    expect(await balanceOf(server, organization.id)).toBe(balanceBefore);
    const sum = ledgerAfter.reduce((total, row) => total + row.amount_cents, 0);
    expect(sum).toBe(await balanceOf(server, organization.id));
    expect(ledgerAfter.filter((row) => row.participant_id === participant.id)).toHaveLength(1);

    // Erasing again (the operator's command) is harmless and says so.
    const again = await runCli(env, ['participant', 'erase', participant.id, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({
      id: participant.id,
      alreadyErased: true,
      returned: [],
      filesRemoved: 0,
      logTruncated: true,
    });
    const { stdout } = await runCli(env, ['participant', 'export', participant.id]);
    const left = JSON.parse(stdout);
    expect(left.participant).toMatchObject({
      name: 'erased participant',
      email: `${participant.id}@erased.invalid`,
      birth_date: '',
      linkedin_url: null,
      attributes: {},
      background: { experiences: [], educations: [] },
    });
    expect(left.account).toMatchObject({ status: 'erased', password_set: false, sessions: [] });
    expect(left.uploads).toEqual([]);
    expect(left.payments).toHaveLength(1);
    for (const value of Object.values(values)) expect(stdout).not.toContain(value);

    // No live row of any table holds an erased value, on either engine.
    const tables =
      engine === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
            server.database.db,
          )
        : await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
            server.database.db,
          );
    expect(tables.rows.map((t) => t.name)).toEqual(expect.arrayContaining(['participants']));
    for (const { name } of tables.rows) {
      const rows = await sql`select * from ${sql.table(name)}`.execute(server.database.db);
      const text = JSON.stringify(rows.rows);
      for (const value of Object.values(values)) {
        expect(text.includes(value), `${value} in table ${name}`).toBe(false);
      }
    }

    // Nothing of what was erased is left in the uploads folder, on either engine.
    for (const { file, bytes } of everyFile(path.join(dataDir, 'uploads'))) {
      for (const value of Object.values(values)) {
        expect(bytes.includes(value), `${value} in ${file}`).toBe(false);
      }
    }
  });

  it('erases through the CLI, and refuses an unknown id with one line', async () => {
    const participant: TestParticipant = await signUp(server);
    const { stdout } = await runCli(env, ['participant', 'erase', participant.id]);
    const [said, ...rest] = stdout.trim().split('\n');
    expect(said).toBe(`Erased participant ${participant.id}: 0 uploaded file(s) removed.`);
    expect(rest).toEqual(
      engine === 'postgres'
        ? ['PostgreSQL keeps old row versions until VACUUM (FULL): see docs/participant-data.md.']
        : [],
    );
    expect((await participant.api.get('/v2/participant/me')).status).toBe(401);
    await expect(runCli(env, ['participant', 'erase', 'par_unknown'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Participant par_unknown not found'),
    });
    await expect(runCli(env, ['participant', 'export'])).rejects.toMatchObject({
      stderr: expect.stringContaining('one participant id is required'),
    });
  });

  it.runIf(engine === 'sqlite')(
    'leaves no copy of an erased value anywhere in the data folder: database, WAL, shared memory, uploads',
    async () => {
      const values = distinctive();
      const { participant } = await busyParticipant(values);
      // Edits leave old versions of the row behind unless freed space is zeroed (secure_delete).
      await participant.api.patch('/v2/participant/me', { name: `${values.name} Jr` });
      await participant.api.patch('/v2/participant/me', { name: values.name });
      const before = everyFile(dataDir);
      const found = (value: string) => before.some(({ bytes }) => bytes.includes(value));
      // The scan can find them: each value is somewhere before the erasure.
      expect(found(values.name)).toBe(true);
      expect(found(values.upload)).toBe(true);

      expect((await participant.api.delete('/v2/participant/me')).status).toBe(200);
      const files = everyFile(dataDir);
      expect(files.map(({ file }) => path.basename(file))).toEqual(
        expect.arrayContaining(['cohort.sqlite', 'cohort.sqlite-wal', 'cohort.sqlite-shm']),
      );
      for (const { file, bytes } of files) {
        for (const value of Object.values(values)) {
          expect(bytes.includes(value), `${value} in ${file}`).toBe(false);
          expect(bytes.includes(Buffer.from(value, 'utf16le')), `${value} in ${file}`).toBe(false);
        }
      }
    },
  );
});
