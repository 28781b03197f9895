import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { instanceSecret } from '../platform/db/instance-secrets.ts';
import type { Locale } from '../platform/i18n/locales.ts';
import type { NewStudiesPreference } from './participants.table.ts';
import { participantOfUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * How often a participant hears of new studies, set on its own (an unsubscribe link and its undo):
 * nothing else of the profile changes. Answers what it was before, or undefined when there is no
 * such participant.
 */
export async function setNewStudies(
  db: Db,
  participantId: string,
  preference: NewStudiesPreference,
): Promise<{ previous: NewStudiesPreference } | undefined> {
  const row = await db
    .selectFrom('participants')
    .select('new_studies')
    .where('id', '=', participantId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.new_studies !== preference) {
    await db
      .updateTable('participants')
      .set({ new_studies: preference, updated_at: isoNow() })
      .where('id', '=', participantId)
      .execute();
  }
  return { previous: row.new_studies };
}

/**
 * The participant an unsubscribe link names (RFC 8058, unsubscribe-token.ts), if its signature
 * holds under this installation's `unsubscribe` secret; their id and language.
 */
export async function participantOfUnsubscribeLink(
  db: Db,
  token: string,
): Promise<{ id: string; language: Locale; newStudies: NewStudiesPreference } | undefined> {
  const participantId = participantOfUnsubscribeToken(
    await instanceSecret(db, 'unsubscribe'),
    token,
  );
  if (!participantId) return undefined;
  const row = await db
    .selectFrom('participants')
    .select(['id', 'language', 'new_studies'])
    .where('id', '=', participantId)
    .executeTakeFirst();
  return row && { id: row.id, language: row.language, newStudies: row.new_studies };
}

/**
 * A mail to this address was given up (mail's `mailFailed`, src/subscriptions.ts): the participants
 * who have it stop getting invitations until they change it (accounts.ts clears the mark).
 */
export async function markAddressUndeliverable(
  trx: Db,
  failure: { address: string; failedAt: string },
): Promise<void> {
  await trx
    .updateTable('participants')
    .set({ mail_undeliverable_at: failure.failedAt })
    .where('email', '=', failure.address)
    .where('mail_undeliverable_at', 'is', null)
    .execute();
}
