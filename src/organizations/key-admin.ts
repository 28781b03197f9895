import type { Kysely } from 'kysely';
import { type AuditActor, recordAuditEvent } from '../audit/index.ts';
import { NotFoundError } from '../platform/errors.ts';
import type { DB } from '../schema.ts';
import type { ApiKeyRole } from './api-keys.table.ts';
import { type CreatedApiKey, createApiKey, revokeOwnedApiKey } from './api-keys.ts';

/** A key created by a person of the organization, recorded in the audit log with it. */
export function issueApiKey(
  db: Kysely<DB>,
  input: { organizationId: string; role: ApiKeyRole; actor: AuditActor; now: Date },
): Promise<CreatedApiKey> {
  return db.transaction().execute(async (trx) => {
    const created = await createApiKey(trx, input.organizationId, input.role);
    await recordAuditEvent(trx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: 'api_key.created',
      subjectType: 'api_key',
      subjectId: created.key.id,
      details: { role: input.role, prefix: created.key.key_prefix },
      now: input.now,
    });
    return created;
  });
}

/** Revokes one of the organization's live keys, recorded in the audit log; 404 otherwise. */
export function withdrawApiKey(
  db: Kysely<DB>,
  input: { organizationId: string; keyId: string; actor: AuditActor; now: Date },
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    if (!(await revokeOwnedApiKey(trx, input.organizationId, input.keyId))) {
      throw new NotFoundError('API key', input.keyId);
    }
    await recordAuditEvent(trx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: 'api_key.revoked',
      subjectType: 'api_key',
      subjectId: input.keyId,
      now: input.now,
    });
  });
}
