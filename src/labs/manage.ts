import { hashSecret, newSecret } from '../platform/credentials.ts';
import type { Db } from '../platform/db/database.ts';
import { assertNoIssues, ConflictError, NotFoundError } from '../platform/errors.ts';
import { newId } from '../platform/ids.ts';
import type { LabRow } from './labs.table.ts';
import { type LabFields, labIssues } from './rules.ts';
import {
  findLab,
  findLabByCalendarTokenHash,
  futureSessionsIn,
  insertLab,
  lockLab,
  setCalendarTokenHash,
  softDeleteLab,
  updateLab,
} from './store.ts';

/**
 * Creating, editing and deleting labs, and their secret calendar links
 * (docs/decisions/0178-lab-sessions.md): each one statement or one transaction, scoped to the
 * organization.
 */

export async function createLab(
  db: Db,
  input: { organizationId: string; fields: Required<LabFields>; now: Date },
): Promise<LabRow> {
  assertNoIssues(labIssues(input.fields));
  const at = input.now.toISOString();
  const row: LabRow = {
    id: newId('lab', input.now.getTime()),
    organization_id: input.organizationId,
    name: input.fields.name.trim(),
    address: input.fields.address.trim(),
    time_zone: input.fields.time_zone,
    capacity: input.fields.capacity,
    calendar_token_hash: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  };
  await insertLab(db, row);
  return row;
}

export async function ownLab(db: Db, organizationId: string, labId: string): Promise<LabRow> {
  const lab = await findLab(db, organizationId, labId);
  if (!lab) throw new NotFoundError('Lab', labId);
  return lab;
}

/** A PATCH: any of the fields. A smaller capacity applies to sessions created from then on. */
export async function editLab(
  db: Db,
  input: { organizationId: string; labId: string; fields: LabFields; now: Date },
): Promise<LabRow> {
  assertNoIssues(labIssues(input.fields));
  const { name, address, time_zone, capacity } = input.fields;
  const updated = await updateLab(db, input.organizationId, input.labId, {
    ...(name !== undefined && { name: name.trim() }),
    ...(address !== undefined && { address: address.trim() }),
    ...(time_zone !== undefined && { time_zone }),
    ...(capacity !== undefined && { capacity }),
    updated_at: input.now.toISOString(),
  });
  if (!updated) throw new NotFoundError('Lab', input.labId);
  return ownLab(db, input.organizationId, input.labId);
}

/**
 * Deletes a lab: refused (ConflictError naming them) while a session not cancelled is still to
 * start in it. Past sessions keep pointing at it, so it is marked deleted rather than removed.
 */
export async function deleteLab(
  db: Db,
  input: { organizationId: string; labId: string; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const lab = await lockLab(trx, input.organizationId, input.labId);
    if (!lab) throw new NotFoundError('Lab', input.labId);
    const future = await futureSessionsIn(trx, lab.id, input.now.toISOString());
    if (future.length > 0) {
      throw new ConflictError('Sessions are still to take place in this lab', [
        {
          message: `Used by session ${future.join(', ')}: cancel or move them, then delete the lab`,
        },
      ]);
    }
    await softDeleteLab(trx, lab.id, input.now.toISOString());
  });
}

/** The secret calendar link of a token. */
export const calendarLinkUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/v2/labs/calendar/${token}.ics`;

/**
 * Makes the lab's secret calendar link, replacing any earlier one (which stops working at once):
 * the dashboard's "rotate". The token is shown here only; the database keeps its hash.
 */
export async function rotateCalendarLink(
  db: Db,
  input: { organizationId: string; labId: string; publicUrl: string; now: Date },
): Promise<{ url: string; token: string }> {
  const token = newSecret('cal_');
  const set = await setCalendarTokenHash(
    db,
    input.organizationId,
    input.labId,
    hashSecret(token),
    input.now.toISOString(),
  );
  if (!set) throw new NotFoundError('Lab', input.labId);
  return { token, url: calendarLinkUrl(input.publicUrl, token) };
}

/** Turns the secret link off: the lab's calendar is then only read with an API key. */
export async function revokeCalendarLink(
  db: Db,
  input: { organizationId: string; labId: string; now: Date },
): Promise<void> {
  const set = await setCalendarTokenHash(
    db,
    input.organizationId,
    input.labId,
    null,
    input.now.toISOString(),
  );
  if (!set) throw new NotFoundError('Lab', input.labId);
}

/** The lab a secret calendar token opens, or undefined (an unknown or rotated token). */
export function labOfCalendarToken(db: Db, token: string): Promise<LabRow | undefined> {
  if (!token.startsWith('cal_')) return Promise.resolve(undefined);
  return findLabByCalendarTokenHash(db, hashSecret(token));
}
