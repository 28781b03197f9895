import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { Value } from 'typebox/value';
import type { Config } from '../config.ts';
import { eraseParticipant, exportParticipant } from '../participant-data/index.ts';
import {
  forgiveNoShows,
  participantRowToParticipant,
  SignupBody,
  signUpParticipant,
} from '../participants/index.ts';
import type { Database } from '../platform/db/database.ts';
import { isDomainError } from '../platform/errors.ts';
import { fileStoreFor } from '../platform/storage/index.ts';
import { print, UsageError } from './output.ts';

const USAGE = `usage: cohort participant create --profile FILE [--json]
       cohort participant export ID
       cohort participant erase ID [--json]
       cohort participant forgive ID`;

/**
 * `cohort participant create --profile FILE --json`: the same profile JSON and checks as
 * POST /v2/participant/signup; prints the participant and its token (shown once).
 */
export async function participantCommand(
  args: string[],
  database: Database,
  config: Pick<Config, 'dataDir' | 'uploadsStore'>,
) {
  const [action, ...rest] = args;
  if (action === 'export') return exportCommand(rest, database);
  if (action === 'erase') return eraseCommand(rest, database, config);
  if (action === 'forgive') return forgiveCommand(rest, database);
  if (action !== 'create') throw new UsageError(USAGE);
  const { values } = parseArgs({
    args: rest,
    options: { profile: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  if (!values.profile) throw new UsageError(`--profile is required\n${USAGE}`);
  let profile: SignupBody;
  try {
    const text =
      values.profile === '-' ? fs.readFileSync(0, 'utf8') : fs.readFileSync(values.profile, 'utf8');
    profile = JSON.parse(text) as SignupBody;
  } catch (error) {
    throw new UsageError(`cannot read the profile ${values.profile}: ${(error as Error).message}`);
  }
  // The sign-up route's schema, checked here since no HTTP layer validates the file.
  const problems = [...Value.Errors(SignupBody, profile)].flatMap((error) => {
    const where = error.instancePath.slice(1).replaceAll('/', '.');
    const params = error.params as {
      additionalProperties?: string[];
      requiredProperties?: string[];
    };
    if (error.keyword === 'additionalProperties') {
      return (params.additionalProperties ?? []).map((field) => `  - ${field}: unknown field`);
    }
    if (error.keyword === 'required') {
      return (params.requiredProperties ?? []).map((field) => `  - ${field}: is required`);
    }
    // Each unknown field is also reported as a failing `false` schema; once is enough.
    if (error.keyword === 'boolean') return [];
    return [`  - ${where || 'profile'}: ${error.message}`];
  });
  if (problems.length > 0) {
    throw new UsageError(`The profile is invalid:\n${[...new Set(problems)].join('\n')}`);
  }
  try {
    const { participant, token } = await signUpParticipant(database.db, profile, new Date());
    print(
      values.json,
      { participant: participantRowToParticipant(participant), token },
      `Created participant ${participant.name} (${participant.id}).\nToken (shown once): ${token}`,
    );
  } catch (error) {
    if (isDomainError(error)) {
      const details = error.issues.map((issue) => `  - ${issue.message}`).join('\n');
      throw new UsageError(`${error.message}${details ? `:\n${details}` : ''}`);
    }
    throw error;
  }
}

/** The one ID argument of export and erase. */
function participantIdOf(args: string[], options: { json?: { type: 'boolean' } } = {}) {
  const { values, positionals } = parseArgs({ args, options, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError(`one participant id is required\n${USAGE}`);
  return { id: positionals[0]!, json: (values as { json?: boolean }).json ?? false };
}

/** Refusals (an unknown id) as one line, like every command's. */
async function orUsageError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isDomainError(error)) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * `cohort participant export ID`: the same JSON document as GET /v2/participant/me/export
 * (docs/participant-data.md), for an operator answering a request made outside the app.
 */
async function exportCommand(args: string[], database: Database) {
  const { id } = participantIdOf(args);
  const document = await orUsageError(() => exportParticipant(database.db, id, new Date()));
  process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
}

/**
 * `cohort participant erase ID`: the same erasure as DELETE /v2/participant/me; running it again
 * on an erased participant scrubs again and says so.
 */
/**
 * `cohort participant forgive ID`: their no-shows so far no longer count, and scheduled studies are
 * open to them again (docs/decisions/0179-no-shows.md).
 */
async function forgiveCommand(args: string[], database: Database) {
  const { id } = participantIdOf(args, {});
  await orUsageError(() => forgiveNoShows(database.db, id, new Date()));
  print(false, {}, `Forgave participant ${id}: no-shows so far no longer count.`);
}

async function eraseCommand(
  args: string[],
  database: Database,
  config: Pick<Config, 'dataDir' | 'uploadsStore'>,
) {
  const { id, json } = participantIdOf(args, { json: { type: 'boolean' } });
  const erasure = await orUsageError(() =>
    eraseParticipant(database, {
      participantId: id,
      files: fileStoreFor(database, config),
      now: new Date(),
    }),
  );
  const returned = erasure.returned.length
    ? ` Returned ${erasure.returned.length} held place(s).`
    : '';
  print(
    json,
    erasure,
    `${erasure.alreadyErased ? 'Already erased; scrubbed again' : 'Erased'} participant ${id}: ` +
      `${erasure.filesRemoved} uploaded file(s) removed.${returned}` +
      (erasure.logTruncated ? '' : ' The write-ahead log is still in use: run this again.') +
      (database.engine === 'postgres'
        ? '\nPostgreSQL keeps old row versions until VACUUM (FULL): see docs/participant-data.md.'
        : ''),
  );
}
