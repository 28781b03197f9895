import type { Db } from '../platform/db/database.ts';
import { selectOwned } from '../platform/db/tenant.ts';
import { normalizeEmail } from '../platform/email.ts';
import { newId } from '../platform/ids.ts';
import type { ApiKeyRole } from './api-keys.table.ts';
import type { UserRow } from './users.table.ts';

export async function createUser(
  db: Db,
  input: {
    organizationId: string;
    email: string;
    passwordHash: string | null;
    role: ApiKeyRole;
    now: Date;
  },
): Promise<UserRow> {
  const at = input.now.toISOString();
  return db
    .insertInto('users')
    .values({
      id: newId('user', input.now.getTime()),
      organization_id: input.organizationId,
      email: normalizeEmail(input.email),
      password_hash: input.passwordHash,
      role: input.role,
      disabled_at: null,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sign-in looks the address up across organizations: each address belongs to one. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
}

export async function findOwnedUserByEmail(
  db: Db,
  organizationId: string,
  email: string,
): Promise<UserRow | undefined> {
  return selectOwned(db, 'users', organizationId)
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
}

export async function findOwnedUser(
  db: Db,
  organizationId: string,
  id: string,
): Promise<UserRow | undefined> {
  return selectOwned(db, 'users', organizationId)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}
