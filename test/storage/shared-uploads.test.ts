import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPostgres } from '../../src/platform/db/database.ts';
import { CHUNK_BYTES } from '../../src/platform/storage/index.ts';
import {
  type CohortProcess,
  freePort,
  PROCESS_DEADLINE_MS,
  startCohort,
  waitUntilReady,
} from '../support/cohort-process.ts';
import { profile } from '../support/participant-side.ts';
import { createProcessDatabase, type ProcessDatabase } from '../webhooks/serve-process.ts';

const MAX_FILE_BYTES = 2 * CHUNK_BYTES;

const UPLOAD_TASK = {
  sequence: 1,
  task_type: 'file_upload',
  review_type: 'manual_review',
  task_url: null,
  title: 'Upload your recordings',
  description: 'Audio or images',
  duration_minutes: 20,
  instructions: 'One or two files',
  accepted_mime_types: ['image/*', 'application/octet-stream'],
  min_files: 1,
  max_files: 2,
  max_file_size_bytes: MAX_FILE_BYTES,
};

interface Call {
  status: number;
  body: any;
  bytes: Buffer;
}

/** Talks HTTP to one process with one credential. */
function api(origin: string, token?: string) {
  return async (method: string, pathname: string, body?: unknown): Promise<Call> => {
    const response = await fetch(`${origin}${pathname}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined || body instanceof FormData
          ? {}
          : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const json = (response.headers.get('content-type') ?? '').includes('json') && bytes.length;
    return {
      status: response.status,
      body: json ? JSON.parse(bytes.toString()) : undefined,
      bytes,
    };
  };
}

function ok(call: Call, what: string): any {
  if (call.status !== 200) throw new Error(`${what}: ${call.status} ${call.bytes.toString()}`);
  return call.body;
}

function form(...files: { bytes: Buffer; type: string; name: string }[]): FormData {
  const body = new FormData();
  for (const file of files) {
    body.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  return body;
}

/** Runs `cohort ...args` (bin/cohort.js) to its end. */
async function cohort(env: NodeJS.ProcessEnv, args: string[]) {
  const run = startCohort(env, args);
  const exit = await run.exited;
  return { code: exit.code, output: run.output(), errors: run.errors() };
}

/**
 * Uploads every process can read (docs/decisions/0169-uploads-every-process-can-read.md): two
 * real `cohort serve` processes on one PostgreSQL database, each with a data folder of its own,
 * as on two machines. Files live in the database's chunks, never on either machine's disk.
 */
describe.runIf(inject('postgresUrl'))(
  'uploads shared by two cohort processes on PostgreSQL',
  () => {
    let database: ProcessDatabase;
    let rows: Database;
    const started: CohortProcess[] = [];
    const dataDirs: string[] = [];
    let envOf: (dataDir: string) => NodeJS.ProcessEnv;
    let origins: [string, string];
    let serves: [CohortProcess, CohortProcess];
    let customerApiKey: string;
    let study: string;

    const chunksUnder = async (prefix: string) => {
      const { rows: found } = await sql<{ file_key: string; seq: number }>`
      select file_key, seq from file_chunks where starts_with(file_key, ${prefix})
      order by file_key, seq`.execute(rows.db);
      return found;
    };

    /** A participant signed up through `origin`, with a started submission of the study. */
    const startedParticipant = async (origin: string) => {
      const signup = ok(await api(origin)('POST', '/v2/participant/signup', profile()), 'sign-up');
      const participant = api(origin, signup.token);
      const applied = ok(
        await participant('POST', `/v2/participant/opportunities/${study}/applications`, {
          answers: [],
        }),
        'apply',
      );
      const submissionId = applied.submission_id as string;
      ok(await participant('POST', `/v2/participant/submissions/${submissionId}/start`), 'start');
      return { token: signup.token as string, submissionId };
    };

    const handIn = (origin: string, token: string, submissionId: string, body: FormData) =>
      api(origin, token)(
        'POST',
        `/v2/participant/submissions/${submissionId}/tasks/1/submit`,
        body,
      );

    beforeAll(async () => {
      database = await createProcessDatabase('postgres');
      envOf = (dataDir) => ({
        ...database.env,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_KEY: '1000000',
      });
      const [a, b] = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-machine-')));
      dataDirs.push(a!, b!);
      const ports = await Promise.all([freePort(), freePort()]);
      serves = [a!, b!].map((dataDir, i) =>
        startCohort({ ...envOf(dataDir), PORT: String(ports[i]) }, ['serve']),
      ) as [CohortProcess, CohortProcess];
      started.push(...serves);
      origins = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
      await Promise.all(origins.map((origin) => waitUntilReady(origin)));
      rows = openPostgres(database.location, 2);

      const created = await cohort(envOf(a!), [
        'org',
        'create',
        '--name',
        'Shared Lab',
        '--balance-cents',
        '100000000',
        '--json',
      ]);
      expect(created.code, created.output).toBe(0);
      customerApiKey = JSON.parse(created.output).api_key;
      const customer = api(origins[0], customerApiKey);
      const project = ok(await customer('POST', '/v2/projects', { name: 'Recordings' }), 'project');
      const draft = ok(
        await customer('POST', '/v2/opportunities', {
          title: 'Recordings',
          description: 'Record and upload',
          project_id: project.id,
          num_participants: 50,
          expected_days_to_complete: 7,
          screening_questions: [],
          filters: [],
          tasks: [UPLOAD_TASK],
        }),
        'draft',
      );
      ok(await customer('POST', `/v2/opportunities/${draft.id}/launch`, {}), 'launch');
      study = draft.id;
    }, 3 * PROCESS_DEADLINE_MS);

    afterAll(async () => {
      await Promise.all(started.map((process) => process.kill()));
      await rows?.destroy();
      await database?.drop();
      for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('a file handed in through one process is downloaded through the other, byte for byte', {
      timeout: 2 * PROCESS_DEADLINE_MS,
    }, async () => {
      const { token, submissionId } = await startedParticipant(origins[0]);
      const large = crypto.randomBytes(CHUNK_BYTES + 100_001);
      const small = crypto.randomBytes(300);
      const handed = ok(
        await handIn(
          origins[0],
          token,
          submissionId,
          form(
            { bytes: large, type: 'application/octet-stream', name: 'recording.bin' },
            { bytes: small, type: 'image/png', name: 'photo.png' },
          ),
        ),
        'hand in',
      );
      expect(handed.tasks[0].status).toBe('submitted');

      const detail = ok(
        await api(origins[1], customerApiKey)('GET', `/v2/submissions/${submissionId}`),
        'detail',
      );
      const files = detail.tasks[0].files as { id: string; name: string; download_url: string }[];
      expect(files.map((file) => file.name)).toEqual(['recording.bin', 'photo.png']);
      const through = api(origins[1], customerApiKey);
      const first = await through('GET', new URL(files[0]!.download_url, origins[1]).pathname);
      expect(first.status).toBe(200);
      expect(first.bytes.equals(large)).toBe(true);
      const second = await through('GET', new URL(files[1]!.download_url, origins[1]).pathname);
      expect(second.bytes.equals(small)).toBe(true);

      // In chunks of the database, none on either machine's disk.
      const chunks = await chunksUnder(`${submissionId}/`);
      expect(chunks.filter((chunk) => chunk.file_key.endsWith(files[0]!.id))).toHaveLength(2);
      expect(chunks.filter((chunk) => chunk.file_key.endsWith(files[1]!.id))).toHaveLength(1);
      for (const dataDir of dataDirs)
        expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
    });

    it("refuses a file over the task's size or of another type, and keeps nothing of it", {
      timeout: 2 * PROCESS_DEADLINE_MS,
    }, async () => {
      const { token, submissionId } = await startedParticipant(origins[1]);
      const tooLarge = await handIn(
        origins[1],
        token,
        submissionId,
        form({ bytes: Buffer.alloc(MAX_FILE_BYTES + 1, 7), type: 'image/png', name: 'huge.png' }),
      );
      expect(tooLarge.status).toBe(400);
      expect(JSON.stringify(tooLarge.body)).toContain(String(MAX_FILE_BYTES));
      const wrongType = await handIn(
        origins[1],
        token,
        submissionId,
        form({ bytes: Buffer.from('%PDF-1.4'), type: 'application/pdf', name: 'notes.pdf' }),
      );
      expect(wrongType.status).toBe(400);
      expect(JSON.stringify(wrongType.body)).toContain('application/pdf');
      const tooMany = await handIn(
        origins[1],
        token,
        submissionId,
        form(
          ...[1, 2, 3].map((n) => ({
            bytes: Buffer.from([n]),
            type: 'image/png',
            name: `${n}.png`,
          })),
        ),
      );
      expect(tooMany.status).toBe(400);
      expect(await chunksUnder(`${submissionId}/`)).toEqual([]);

      // At the limit exactly, it is taken.
      const atLimit = crypto.randomBytes(MAX_FILE_BYTES);
      ok(
        await handIn(
          origins[1],
          token,
          submissionId,
          form({ bytes: atLimit, type: 'image/png', name: 'full.png' }),
        ),
        'at the limit',
      );
      expect(await chunksUnder(`${submissionId}/`)).toHaveLength(2);
    });

    it("a file missing from its store is the contract's 404, and an error line naming the file", {
      timeout: 2 * PROCESS_DEADLINE_MS,
    }, async () => {
      const { token, submissionId } = await startedParticipant(origins[0]);
      ok(
        await handIn(
          origins[0],
          token,
          submissionId,
          form({ bytes: crypto.randomBytes(1000), type: 'image/png', name: 'lost.png' }),
        ),
        'hand in',
      );
      const customer = api(origins[1], customerApiKey);
      const detail = ok(await customer('GET', `/v2/submissions/${submissionId}`), 'detail');
      const file = detail.tasks[0].files[0] as { id: string; download_url: string };
      await sql`delete from file_chunks where starts_with(file_key, ${`${submissionId}/`})`.execute(
        rows.db,
      );

      const missing = await customer('GET', new URL(file.download_url, origins[1]).pathname);
      expect(missing.status).toBe(404);
      const unknown = await customer('GET', `/v2/submissions/${submissionId}/files/file_unknown`);
      expect(unknown.status).toBe(404);
      // The contract's body, the same shape as any other 404.
      expect(Object.keys(missing.body).sort()).toEqual(Object.keys(unknown.body).sort());
      expect(JSON.stringify(missing.body)).toContain(file.id);

      const line = await serves[1].printed(/^.*uploaded file missing from its store.*$/m);
      const logged = JSON.parse(line[0]);
      expect(logged).toMatchObject({
        level: 50,
        submission_id: submissionId,
        file_id: file.id,
        file_key: `${submissionId}/1/${file.id}`,
        store: 'postgres',
      });
      expect(line[0]).not.toMatch(/@example\.com|Ana Lima/);
    });

    it('erasing a participant removes their stored chunks, and only theirs', {
      timeout: 2 * PROCESS_DEADLINE_MS,
    }, async () => {
      const erased = await startedParticipant(origins[0]);
      const kept = await startedParticipant(origins[0]);
      for (const person of [erased, kept]) {
        ok(
          await handIn(
            origins[0],
            person.token,
            person.submissionId,
            form({ bytes: crypto.randomBytes(CHUNK_BYTES + 1), type: 'image/png', name: 'a.png' }),
          ),
          'hand in',
        );
      }
      expect(await chunksUnder(`${erased.submissionId}/`)).toHaveLength(2);
      // Through the other process: it has never seen the file on its disk.
      ok(await api(origins[1], erased.token)('DELETE', '/v2/participant/me'), 'erase');
      expect(await chunksUnder(`${erased.submissionId}/`)).toEqual([]);
      expect(await chunksUnder(`${kept.submissionId}/`)).toHaveLength(2);
    });

    it('cohort storage migrate moves files from a data folder into PostgreSQL, once', {
      timeout: 3 * PROCESS_DEADLINE_MS,
    }, async () => {
      // A file an older release kept on one machine's disk: its bytes under DATA_DIR/uploads, and
      // none in the database.
      const { token, submissionId } = await startedParticipant(origins[0]);
      const content = crypto.randomBytes(CHUNK_BYTES + 5);
      ok(
        await handIn(
          origins[0],
          token,
          submissionId,
          form({ bytes: content, type: 'image/png', name: 'old.png' }),
        ),
        'hand in',
      );
      const customer = api(origins[1], customerApiKey);
      const file = ok(await customer('GET', `/v2/submissions/${submissionId}`), 'detail').tasks[0]
        .files[0] as { id: string; download_url: string };
      const key = `${submissionId}/1/${file.id}`;
      const oldMachine = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-old-machine-'));
      dataDirs.push(oldMachine);
      fs.mkdirSync(path.join(oldMachine, 'uploads', submissionId, '1'), { recursive: true });
      fs.writeFileSync(path.join(oldMachine, 'uploads', key), content);
      // A file cut short by a crash is not a file: left where it is.
      fs.writeFileSync(path.join(oldMachine, 'uploads', `${key}x.part`), 'half');
      await sql`delete from file_chunks where starts_with(file_key, ${`${submissionId}/`})`.execute(
        rows.db,
      );
      const pathname = new URL(file.download_url, origins[1]).pathname;
      expect((await customer('GET', pathname)).status).toBe(404);

      const moved = await cohort(envOf(oldMachine), ['storage', 'migrate', '--json']);
      expect(moved.code, moved.output).toBe(0);
      expect(JSON.parse(moved.output)).toEqual({
        store: 'postgres',
        copied: 1,
        alreadyThere: 0,
        bytes: content.length,
        removedFromDisk: 0,
      });
      const downloaded = await customer('GET', pathname);
      expect(downloaded.status).toBe(200);
      expect(downloaded.bytes.equals(content)).toBe(true);

      // Again: nothing copied twice; with --remove the disk copy goes.
      const again = await cohort(envOf(oldMachine), ['storage', 'migrate', '--remove']);
      expect(again.code, again.output).toBe(0);
      expect(again.output.trim()).toBe(
        `Copied 0 file(s) (0 bytes) from ${path.join(oldMachine, 'uploads')} into the postgres store; 1 already there. Removed 1 file(s) from disk.`,
      );
      expect(fs.existsSync(path.join(oldMachine, 'uploads', key))).toBe(false);
      expect((await customer('GET', pathname)).bytes.equals(content)).toBe(true);

      // With the disk store configured there is nowhere to move to: said in one line.
      const refused = await cohort({ ...envOf(oldMachine), UPLOADS_STORE: 'disk' }, [
        'storage',
        'migrate',
      ]);
      expect(refused.code).toBe(2);
      expect(refused.errors).toContain('the uploads store is disk');
    });
  },
);
