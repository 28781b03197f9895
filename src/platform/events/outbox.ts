import type { Db } from '../db/database.ts';
import { sendWithNext } from '../db/early-release.ts';
import { prepared } from '../db/prepared.ts';
import { newId } from '../ids.ts';
import type { EventRow } from './events.table.ts';

/** What the outbox stores of an event: its type and the data that type carries. */
export interface OutboxEvent {
  type: string;
  data: object;
}

/**
 * Records an event in the outbox, and does nothing else. Call it inside the transaction of the
 * change the event reports: if that change rolls back, so does the event, and a committed change
 * always has its event; whoever reads the outbox finds it there. Callers name the union of events
 * they may write as the type argument (each feature declares its own in `<feature>/events.ts`), so
 * a misspelt type or a wrong payload does not compile.
 */
export async function writeEvent<E extends OutboxEvent>(
  trx: Db,
  organizationId: string,
  event: E,
): Promise<EventRow> {
  const [row] = await insertEvent(trx, {
    id: newId('event'),
    organization_id: organizationId,
    type: event.type,
    data: JSON.stringify(event.data),
    created_at: new Date().toISOString(),
  });
  return row!;
}

/**
 * writeEvent for a caller that does not read the row back: on PostgreSQL the insert goes with the
 * transaction's next statement (early-release.ts, sendWithNext), which must follow.
 */
export async function writeEventWithNext<E extends OutboxEvent>(
  trx: Db,
  organizationId: string,
  event: E,
): Promise<void> {
  await sendWithNext(
    trx,
    insertEventQuietly.compile(trx, {
      id: newId('event'),
      organization_id: organizationId,
      type: event.type,
      data: JSON.stringify(event.data),
      created_at: new Date().toISOString(),
    }),
  );
}

type NewEvent = Pick<EventRow, 'id' | 'organization_id' | 'type' | 'data' | 'created_at'>;

const eventInsert = (db: Db, row: NewEvent) =>
  db.insertInto('events').values({
    id: row.id,
    organization_id: row.organization_id,
    type: row.type,
    data: row.data,
    created_at: row.created_at,
    fanned_out_at: null,
  });

/** Compiled once: most changes write an event (docs/decisions/0140-hot-statements-compiled-once.md). */
const insertEvent = prepared((db, row: NewEvent) => eventInsert(db, row).returningAll());

/** The same insert answering nothing, for writeEventWithNext, whose answer nobody reads. */
const insertEventQuietly = prepared((db, row: NewEvent) => eventInsert(db, row));

/**
 * Rewrites the data of the stored events of one type whose data holds `fragment` (an erasure
 * takes a participant's words out of them; src/participants/erase.ts). LIKE's `_` may match more
 * than the fragment, so `rewrite` decides from the parsed data and returns it unchanged when the
 * event is not one it means. Answers the ids of the events it looked at, so their webhook
 * deliveries can be rewritten as well.
 */
export async function rewriteEventData(
  trx: Db,
  match: { type: string; fragment: string },
  rewrite: (data: string) => string,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('events')
    .select(['id', 'data'])
    .where('type', '=', match.type)
    .where('data', 'like', `%${match.fragment}%`)
    .execute();
  for (const row of rows) {
    const data = rewrite(row.data);
    if (data !== row.data) {
      await trx.updateTable('events').set({ data }).where('id', '=', row.id).execute();
    }
  }
  return rows.map((row) => row.id);
}
