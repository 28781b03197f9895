import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { type AuditActor, recordAuditEvent } from '../audit/index.ts';
import { queueMail } from '../mail/index.ts';
import type { Db } from '../platform/db/database.ts';
import { normalizeEmail } from '../platform/email.ts';
import { assertNoIssues, ConflictError, NotFoundError } from '../platform/errors.ts';
import { hashPassword, passwordProblems } from '../platform/web/password.ts';
import type { DB } from '../schema.ts';
import type { ApiKeyRole } from './api-keys.table.ts';
import { createLoginLink } from './sessions.ts';
import { teamInvitationMail } from './team-invitation-mail.ts';
import { type Member, type TeamChange, teamChangeProblem } from './team-rules.ts';
import type { UserRow } from './users.table.ts';
import { createUser, findOwnedUser } from './users.ts';

/**
 * The people of an organization (docs/decisions/0092-team-keys-and-audit-log.md): invited by email
 * with a role, their role changed, removed; an organization always keeps an owner (team-rules.ts).
 * Invitations are one-time sign-in links that last a week, mailed through the mail outbox.
 */

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const ROLES: readonly ApiKeyRole[] = ['owner', 'member', 'viewer'];
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

export function listMembers(db: Db, organizationId: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('email')
    .execute();
}

/**
 * Holds the organization's owners for the rest of the transaction (a no-op update takes their row
 * locks on PostgreSQL and the write lock on SQLite), so two owners demoting each other at once
 * cannot leave none.
 */
async function lockedMembers(trx: Db, organizationId: string): Promise<Member[]> {
  await trx
    .updateTable('users')
    .set({ updated_at: sql`updated_at` })
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'owner')
    .execute();
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'role', 'disabled_at'])
    .where('organization_id', '=', organizationId)
    .execute();
  return rows.map((row) => ({ id: row.id, role: row.role, disabled: row.disabled_at !== null }));
}

async function changeTeam(
  db: Kysely<DB>,
  input: { organizationId: string; actor: AuditActor; now: Date },
  change: TeamChange,
  apply: (trx: Db, user: UserRow) => Promise<UserRow>,
): Promise<UserRow> {
  const { organizationId } = input;
  return db.transaction().execute(async (trx) => {
    const user = await findOwnedUser(trx, organizationId, change.userId);
    if (!user) throw new NotFoundError('User', change.userId);
    const problem = teamChangeProblem(await lockedMembers(trx, organizationId), change);
    if (problem) throw new ConflictError(problem);
    const changed = await apply(trx, user);
    await recordAuditEvent(trx, {
      organizationId,
      actor: input.actor,
      action: change.kind === 'remove' ? 'team.member.removed' : 'team.member.role_changed',
      subjectType: 'user',
      subjectId: user.id,
      details:
        change.kind === 'remove'
          ? { email: user.email }
          : { email: user.email, from: user.role, to: change.role },
      now: input.now,
    });
    return changed;
  });
}

export interface Invitation {
  user: UserRow;
  /** The link mailed to the invitee; shown to the inviter too, for when mail is not set up. */
  url: string;
}

/**
 * Invites a person: a new user without a password (or a removed one brought back), and a one-time
 * link mailed to them in the same transaction.
 */
export async function inviteMember(
  db: Kysely<DB>,
  input: {
    organizationId: string;
    organizationName: string;
    email: string;
    role: string;
    invitedBy: string;
    publicUrl: string;
    now: Date;
    actor: AuditActor;
  },
): Promise<Invitation> {
  const email = normalizeEmail(input.email);
  const issues = [];
  if (!EMAIL.test(email)) issues.push({ message: 'email: is not an email address' });
  if (!ROLES.includes(input.role as ApiKeyRole)) {
    issues.push({ message: 'role: must be owner, member or viewer' });
  }
  assertNoIssues(issues, 'The invitation is incomplete');
  const role = input.role as ApiKeyRole;
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    let user: UserRow;
    if (!existing) {
      user = await createUser(trx, {
        organizationId: input.organizationId,
        email,
        passwordHash: null,
        role,
        now: input.now,
      });
    } else if (existing.organization_id !== input.organizationId) {
      throw new ConflictError('This address belongs to another organization', [
        {
          message: `email: ${email} signs in to another organization; one address has one organization`,
        },
      ]);
    } else if (existing.disabled_at === null) {
      throw new ConflictError('This person is already on the team', [
        { message: `email: ${email} is already a ${existing.role}` },
      ]);
    } else {
      user = await trx
        .updateTable('users')
        .set({ disabled_at: null, role, updated_at: input.now.toISOString() })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const { token } = await createLoginLink(
      trx,
      { organizationId: input.organizationId, userId: user.id, role, label: user.email },
      { now: input.now, ttlMs: INVITATION_TTL_MS },
    );
    const url = `${input.publicUrl}/dashboard/login/${token}`;
    await queueMail(trx, {
      kind: 'team_invitation',
      ...teamInvitationMail({
        to: user.email,
        organizationName: input.organizationName,
        invitedBy: input.invitedBy,
        role,
        url,
        publicUrl: input.publicUrl,
      }),
    });
    await recordAuditEvent(trx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: 'team.member.invited',
      subjectType: 'user',
      subjectId: user.id,
      details: { email: user.email, role },
      now: input.now,
    });
    return { user, url };
  });
}

export async function changeMemberRole(
  db: Kysely<DB>,
  input: { organizationId: string; userId: string; role: string; now: Date; actor: AuditActor },
): Promise<UserRow> {
  if (!ROLES.includes(input.role as ApiKeyRole)) {
    assertNoIssues([{ message: 'role: must be owner, member or viewer' }]);
  }
  const role = input.role as ApiKeyRole;
  return changeTeam(db, input, { kind: 'role', userId: input.userId, role }, async (trx, user) => {
    const updated = await trx
      .updateTable('users')
      .set({ role, updated_at: input.now.toISOString() })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // Open sessions carry the role they were opened with: they end, and sign-in gives the new one.
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    return updated;
  });
}

/** Removes a person: they can no longer sign in, and their sessions and links end now. */
export async function removeMember(
  db: Kysely<DB>,
  input: { organizationId: string; userId: string; now: Date; actor: AuditActor },
): Promise<UserRow> {
  return changeTeam(db, input, { kind: 'remove', userId: input.userId }, async (trx, user) => {
    const removed = await trx
      .updateTable('users')
      .set({ disabled_at: input.now.toISOString(), updated_at: input.now.toISOString() })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('login_links').where('user_id', '=', user.id).execute();
    return removed;
  });
}

/** A signed-in person sets their own password (the first one, after an invitation, or a new one). */
export async function setOwnPassword(
  db: Db,
  input: { organizationId: string; userId: string; password: string; now: Date },
): Promise<void> {
  assertNoIssues(
    passwordProblems(input.password).map((message) => ({ message })),
    'The password is not acceptable',
  );
  const passwordHash = await hashPassword(input.password);
  const result = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: input.now.toISOString() })
    .where('id', '=', input.userId)
    .where('organization_id', '=', input.organizationId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new NotFoundError('User', input.userId);
}
