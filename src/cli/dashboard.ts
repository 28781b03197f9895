import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { LOGIN_LINK_TTL_MS } from '../dashboard/index.ts';
import type { ApiKeyRole } from '../organizations/index.ts';
import {
  createLoginLink,
  createUser,
  findOrganization,
  findOwnedUserByEmail,
} from '../organizations/index.ts';
import type { Database } from '../platform/db/database.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import { hashPassword, passwordProblems } from '../platform/web/password.ts';
import { print, UsageError } from './output.ts';

const ROLES: readonly ApiKeyRole[] = ['owner', 'member', 'viewer'];

export const LOGIN_LINK_USAGE = 'usage: cohort login-link --org ID [--email E] [--json]';
export const USER_USAGE =
  'usage: cohort user create --org ID --email E [--password-stdin] [--role owner|member|viewer] [--json]';

/**
 * `cohort login-link`: a one-time sign-in link, valid 15 minutes. With --email it signs that user
 * in; without, it opens an owner session for the operator (shown as "Operator").
 */
export async function loginLinkCommand(args: string[], database: Database, config: Config) {
  const { values } = parseArgs({
    args,
    options: {
      org: { type: 'string' },
      email: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (!values.org) throw new UsageError(`--org is required\n${LOGIN_LINK_USAGE}`);
  const organization = await findOrganization(database.db, values.org);
  if (!organization) throw new UsageError(`no organization ${values.org}`);
  let identity = {
    organizationId: organization.id,
    userId: null as string | null,
    role: 'owner' as ApiKeyRole,
    label: 'Operator',
  };
  if (values.email) {
    const user = await findOwnedUserByEmail(database.db, organization.id, values.email);
    if (!user) {
      throw new UsageError(
        `no user ${values.email} in ${organization.id}; create one with cohort user create`,
      );
    }
    if (user.disabled_at) throw new UsageError(`user ${values.email} is disabled`);
    identity = {
      organizationId: organization.id,
      userId: user.id,
      role: user.role,
      label: user.email,
    };
  }
  const now = new Date();
  const { token, link } = await createLoginLink(database.db, identity, {
    now,
    ttlMs: LOGIN_LINK_TTL_MS,
  });
  const url = `${config.publicUrl}/dashboard/login/${token}`;
  print(
    values.json,
    { url },
    `${url}\nSigns in ${identity.label} (${identity.role}) to ${organization.name} once, until ${link.expires_at}.`,
  );
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `cohort user create`: a person who signs in to the dashboard with email and password. */
export async function userCommand(args: string[], database: Database) {
  const [action, ...rest] = args;
  if (action !== 'create') throw new UsageError(USER_USAGE);
  const { values } = parseArgs({
    args: rest,
    options: {
      org: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string', default: 'member' },
      'password-stdin': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  if (!values.org) throw new UsageError(`--org is required\n${USER_USAGE}`);
  const email = values.email?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new UsageError(`--email must be an email address\n${USER_USAGE}`);
  }
  const role = values.role as ApiKeyRole;
  if (!ROLES.includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
  if (!(await findOrganization(database.db, values.org))) {
    throw new UsageError(`no organization ${values.org}`);
  }
  let passwordHash: string | null = null;
  if (values['password-stdin']) {
    // One trailing newline is what `echo` and a terminal add; the password is everything before.
    const password = (await readStdin()).replace(/\r?\n$/, '');
    const problems = passwordProblems(password);
    if (problems.length > 0) throw new UsageError(problems.join('; '));
    passwordHash = await hashPassword(password);
  }
  let user: Awaited<ReturnType<typeof createUser>>;
  try {
    user = await createUser(database.db, {
      organizationId: values.org,
      email,
      passwordHash,
      role,
      now: new Date(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new UsageError(`a user with email ${email} already exists`);
    throw error;
  }
  print(
    values.json,
    {
      user: {
        id: user.id,
        organization_id: user.organization_id,
        email: user.email,
        role: user.role,
        password_set: passwordHash !== null,
        created_at: user.created_at,
      },
    },
    `Created ${role} ${user.email} (${user.id}).${passwordHash ? '' : ' No password: sign in with cohort login-link --email.'}`,
  );
}
