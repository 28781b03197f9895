import { hashSecret, newSecret, PARTICIPANT_TOKEN_PREFIX } from '../platform/credentials.ts';
import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { prepared } from '../platform/db/prepared.ts';
import type { Locale } from '../platform/i18n/locales.ts';
import { newId } from '../platform/ids.ts';
import { attributePairs } from './attribute-index.ts';
import { canonicalEmail } from './canonical-email.ts';
import type {
  NewStudiesPreference,
  ParticipantRow,
  ParticipantsTable,
} from './participants.table.ts';

/** A participant's profile as stored: JSON parts already serialized by the caller's mapper. */
export type ParticipantFields = Omit<
  ParticipantsTable,
  | 'id'
  | 'email_canonical'
  | 'token_hash'
  | 'status'
  | 'password_hash'
  | 'email_verified_at'
  | 'is_test'
  | 'test_opportunity_id'
  | 'audience_key'
  | 'created_at'
  | 'updated_at'
  | 'language'
  | 'new_studies'
  | 'mail_undeliverable_at'
  | 'approved_submissions'
  | 'decided_submissions'
  | 'approval_rate'
  | 'no_shows'
  | 'no_shows_recount_at'
  | 'no_show_barred'
  | 'no_shows_forgiven_at'
> & {
  /** English unless given (migration 0024's default). */
  language?: Locale;
  /** `each` unless given (migration 0026's default). */
  new_studies?: NewStudiesPreference;
};

/** A preview's test participant: verified from the start, tied to one opportunity. */
export interface TestParticipantOf {
  opportunityId: string;
  now: Date;
}

export interface CreatedParticipant {
  participant: ParticipantRow;
  /** The bearer token, shown once; only its hash is stored. */
  token: string;
}

/**
 * Inserts a participant with a fresh token (and, from the web app's sign-up, a password hash). A
 * taken mailbox (canonical-email.ts) or email fails a unique constraint.
 */
export async function insertParticipant(
  db: Db,
  fields: ParticipantFields,
  passwordHash: string | null = null,
  test?: TestParticipantOf,
): Promise<CreatedParticipant> {
  const [created] = await insertParticipants(db, [{ fields, passwordHash, test }]);
  return created!;
}

export interface NewParticipant {
  fields: ParticipantFields;
  passwordHash?: string | null;
  test?: TestParticipantOf;
}

/** Participant rows per insert statement: about 25 parameters each, far under both engines' limits. */
const PARTICIPANTS_PER_INSERT = 200;

/**
 * Inserts participants as insertParticipant does, many rows per statement (benchmarks seed
 * panels of 100,000 with it), and indexes their attributes (participant_attributes) in the same
 * transaction. Answers in the order given.
 */
export async function insertParticipants(
  db: Db,
  entries: readonly NewParticipant[],
): Promise<CreatedParticipant[]> {
  if (!db.isTransaction) {
    return db.transaction().execute((trx) => insertParticipants(trx, entries));
  }
  const now = isoNow();
  const created: CreatedParticipant[] = [];
  for (let at = 0; at < entries.length; at += PARTICIPANTS_PER_INSERT) {
    const batch = entries
      .slice(at, at + PARTICIPANTS_PER_INSERT)
      .map(({ fields, passwordHash = null, test }) => {
        const token = newSecret(PARTICIPANT_TOKEN_PREFIX);
        const row = {
          ...fields,
          id: newId('participant'),
          email_canonical: canonicalEmail(fields.email),
          token_hash: hashSecret(token),
          status: 'active',
          password_hash: passwordHash,
          email_verified_at: test ? test.now.toISOString() : null,
          is_test: test ? 1 : 0,
          test_opportunity_id: test?.opportunityId ?? null,
          created_at: now,
          updated_at: now,
        };
        return { token, row };
      });
    const inserted = await db
      .insertInto('participants')
      .values(batch.map(({ row }) => row))
      .returningAll()
      .execute();
    const byId = new Map(inserted.map((row) => [row.id, row]));
    // SQLite numbers audience_key in a trigger, which RETURNING does not see (migration 0017).
    const keys = await audienceKeys(
      db,
      inserted.map((row) => row.id),
    );
    const participants = batch.map(({ row }) => ({
      ...byId.get(row.id)!,
      audience_key: keys.get(row.id)!,
    }));
    await indexAttributes(db, participants);
    for (const [index, participant] of participants.entries()) {
      created.push({ participant, token: batch[index]!.token });
    }
  }
  return created;
}

/**
 * A sign-up's one key, on a statement prepared once: PostgreSQL planned the `in` list afresh on every
 * sign-up, about 125 µs for a table of this many indexes
 * (docs/decisions/0198-key-lookups-on-generic-plans.md), as it did mailboxTaken's read.
 */
const audienceKeyOf = prepared((db, p: { id: string }) =>
  db.selectFrom('participants').select(['id', 'audience_key']).where('id', '=', p.id),
);

async function audienceKeys(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  const rows =
    ids.length === 1
      ? await audienceKeyOf(db, { id: ids[0]! })
      : await db
          .selectFrom('participants')
          .select(['id', 'audience_key'])
          .where('id', 'in', ids)
          .execute();
  return new Map(rows.map((row) => [row.id, Number(row.audience_key)]));
}

/** Attribute rows per insert statement: three parameters each. */
const ATTRIBUTES_PER_INSERT = 2000;

/**
 * Writes the audience index rows of these participants' attributes JSON
 * (docs/decisions/0102-attribute-index-kept-by-the-store.md), replacing what they held. Called in
 * the transaction of every write of a profile's attributes, so the index never disagrees with the
 * JSON.
 */
async function indexAttributes(
  db: Db,
  participants: readonly Pick<ParticipantRow, 'audience_key' | 'attributes'>[],
  replace = false,
): Promise<void> {
  if (replace && participants.length > 0) {
    await db
      .deleteFrom('participant_attributes')
      .where(
        'participant_key',
        'in',
        participants.map((participant) => participant.audience_key),
      )
      .execute();
  }
  const rows = participants.flatMap((participant) =>
    attributePairs(participant.attributes).map((pair) => ({
      participant_key: participant.audience_key,
      ...pair,
    })),
  );
  for (let at = 0; at < rows.length; at += ATTRIBUTES_PER_INSERT) {
    await db
      .insertInto('participant_attributes')
      .values(rows.slice(at, at + ATTRIBUTES_PER_INSERT))
      .execute();
  }
}

export async function updateParticipant(
  db: Db,
  id: string,
  fields: Partial<ParticipantFields> & {
    email_verified_at?: null;
    email_canonical?: string;
    mail_undeliverable_at?: null;
  },
): Promise<ParticipantRow> {
  if (fields.attributes !== undefined && !db.isTransaction) {
    return db.transaction().execute((trx) => updateParticipant(trx, id, fields));
  }
  const participant = await db
    .updateTable('participants')
    .set({ ...fields, updated_at: isoNow() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (fields.attributes !== undefined) await indexAttributes(db, [participant], true);
  return participant;
}

const participantById = prepared((db, p: { id: string }) =>
  db.selectFrom('participants').selectAll().where('id', '=', p.id),
);

export async function findParticipant(db: Db, id: string): Promise<ParticipantRow | undefined> {
  const [row] = await participantById(db, { id });
  return row;
}

export async function findParticipantsByIds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, ParticipantRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('participants')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

const mailboxHolders = prepared((db, p: { canonical: string; email: string }) =>
  db
    .selectFrom('participants')
    .select('id')
    .where((eb) => eb.or([eb('email_canonical', '=', p.canonical), eb('email', '=', p.email)])),
);

const otherMailboxHolders = prepared(
  (db, p: { canonical: string; email: string; exceptId: string }) =>
    db
      .selectFrom('participants')
      .select('id')
      .where((eb) => eb.or([eb('email_canonical', '=', p.canonical), eb('email', '=', p.email)]))
      .where('id', '!=', p.exceptId),
);

/** Whether another account already reaches this address's mailbox (canonical-email.ts). */
export async function mailboxTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  const canonical = canonicalEmail(email);
  const holders = exceptId
    ? await otherMailboxHolders(db, { canonical, email, exceptId })
    : await mailboxHolders(db, { canonical, email });
  return holders.length > 0;
}
