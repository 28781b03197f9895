import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { Value } from 'typebox/value';
import {
  participantRowToParticipant,
  SignupBody,
  signUpParticipant,
} from '../participants/index.ts';
import type { Database } from '../platform/db/database.ts';
import { isDomainError } from '../platform/errors.ts';
import { print, UsageError } from './output.ts';

const USAGE = 'usage: cohort participant create --profile FILE [--json]';

/**
 * `cohort participant create --profile FILE --json`: the same profile JSON and checks as
 * POST /v2/participant/signup; prints the participant and its token (shown once).
 */
export async function participantCommand(args: string[], database: Database) {
  const [action, ...rest] = args;
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
