import type { Db } from '../platform/db/database.ts';

/**
 * Rewrites the stored payload of every delivery of these events (an erasure takes a message body
 * out of them): a delivery still pending then sends the rewritten payload, signed as it goes.
 */
export async function rewriteDeliveryPayloads(
  trx: Db,
  eventIds: readonly string[],
  rewrite: (payload: string) => string,
): Promise<void> {
  if (eventIds.length === 0) return;
  const rows = await trx
    .selectFrom('webhook_deliveries')
    .select(['id', 'payload'])
    .where('event_id', 'in', [...eventIds])
    .execute();
  for (const row of rows) {
    const payload = rewrite(row.payload);
    if (payload === row.payload) continue;
    await trx.updateTable('webhook_deliveries').set({ payload }).where('id', '=', row.id).execute();
  }
}
