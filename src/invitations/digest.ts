import { queueMails } from '../mail/index.ts';
import { findOpportunitiesForParticipant, localizedOpportunity } from '../opportunities/index.ts';
import { unsubscribeToken, unsubscribeUrl } from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { instanceSecret } from '../platform/db/instance-secrets.ts';
import { isLocale } from '../platform/i18n/locales.ts';
import { newId } from '../platform/ids.ts';
import { localDateOf } from '../platform/time/time-zone.ts';
import { nextDigestAt } from './digest-time.ts';
import { digestMail } from './invitation-mail.ts';

/** Participants one round of the digest job looks at, at most; the rest wait a minute. */
export const DIGESTS_PER_ROUND = 500;

/**
 * The digests due now (docs/decisions/0166-outreach-and-digests.md): the participants holding a
 * `daily` invitation whose 09:00 has come (invitations_digest_due reads those alone, never every
 * participant), each written in a transaction of its own. Answers how many digests were written.
 */
export async function sendDueDigests(
  db: Db,
  input: { now: Date; publicUrl: string; limit?: number },
): Promise<number> {
  const due = await db
    .selectFrom('invitations')
    .select('participant_id')
    .distinct()
    .where('mail_id', 'is', null)
    .where('digest_due_at', '<=', input.now.toISOString())
    .limit(input.limit ?? DIGESTS_PER_ROUND)
    .execute();
  let written = 0;
  for (const { participant_id } of due) {
    try {
      if (await sendDigest(db, participant_id, input)) written += 1;
    } catch (error) {
      if (!(error instanceof DigestTakenMeanwhile)) throw error;
    }
  }
  return written;
}

/**
 * One participant's digest, in one transaction: the mail listing every invitation of theirs that
 * is due, and each of those invitations pointing at it. The day's row in invitation_digests comes
 * first: a second digest the same local day (another worker, a late invitation) finds it taken,
 * and what it would have listed waits for tomorrow's. Invitations to studies that no longer
 * recruit, and those of a participant who no longer takes invitations, are dropped from the
 * digests instead. Answers whether a digest was written.
 */
export async function sendDigest(
  db: Db,
  participantId: string,
  input: { now: Date; publicUrl: string },
): Promise<boolean> {
  const nowIso = input.now.toISOString();
  return db.transaction().execute(async (trx) => {
    const pending = await trx
      .selectFrom('invitations')
      .select(['id', 'opportunity_id'])
      .where('participant_id', '=', participantId)
      .where('delivery', '=', 'daily')
      .where('mail_id', 'is', null)
      .where('digest_due_at', '<=', nowIso)
      .orderBy('id')
      .execute();
    if (pending.length === 0) return false;
    const person = await trx
      .selectFrom('participants')
      .select([
        'id',
        'name',
        'email',
        'language',
        'timezone',
        'status',
        'new_studies',
        'mail_undeliverable_at',
      ])
      .where('id', '=', participantId)
      .executeTakeFirst();
    const studies = await findOpportunitiesForParticipant(
      trx,
      pending.map((invitation) => invitation.opportunity_id),
    );
    const takesMail =
      person?.status === 'active' &&
      person.new_studies !== 'never' &&
      person.mail_undeliverable_at === null;
    const live = takesMail
      ? pending.filter((invitation) => studies.get(invitation.opportunity_id)?.status === 'active')
      : [];
    const dropped = pending.filter((invitation) => !live.includes(invitation));
    if (dropped.length) {
      await trx
        .updateTable('invitations')
        .set({ digest_due_at: null })
        .where(
          'id',
          'in',
          dropped.map((invitation) => invitation.id),
        )
        .where('mail_id', 'is', null)
        .execute();
    }
    if (!person || live.length === 0) return false;

    const mailId = newId('mail', input.now.getTime());
    const today = await trx
      .insertInto('invitation_digests')
      .values({
        participant_id: participantId,
        local_date: localDateOf(input.now.getTime(), person.timezone),
        mail_id: mailId,
        created_at: nowIso,
      })
      .onConflict((oc) => oc.columns(['participant_id', 'local_date']).doNothing())
      .returning('mail_id')
      .executeTakeFirst();
    if (!today) {
      await trx
        .updateTable('invitations')
        .set({
          digest_due_at: new Date(nextDigestAt(input.now.getTime(), person.timezone)).toISOString(),
        })
        .where(
          'id',
          'in',
          live.map((invitation) => invitation.id),
        )
        .where('mail_id', 'is', null)
        .execute();
      return false;
    }
    const claimed = await trx
      .updateTable('invitations')
      .set({ mail_id: mailId })
      .where(
        'id',
        'in',
        live.map((invitation) => invitation.id),
      )
      .where('mail_id', 'is', null)
      .returning('opportunity_id')
      .execute();
    if (claimed.length === 0) throw new DigestTakenMeanwhile();

    const language = isLocale(person.language) ? person.language : 'en';
    const secret = await instanceSecret(trx, 'unsubscribe');
    const listed = claimed
      .map(({ opportunity_id }) => studies.get(opportunity_id)!)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((row) => ({
        id: row.id,
        title: localizedOpportunity(row, language).title,
        incentiveCents: Number(row.incentive_cents),
        minutes: row.estimated_duration_minutes,
      }));
    await queueMails(trx, [
      {
        id: mailId,
        ...digestMail({
          invitee: {
            name: person.name,
            email: person.email,
            language,
            unsubscribeUrl: unsubscribeUrl(input.publicUrl, unsubscribeToken(secret, person.id)),
          },
          studies: listed,
          publicUrl: input.publicUrl,
        }),
      },
    ]);
    return true;
  });
}

/**
 * Another transaction mailed these invitations between this one's read and its write (the day's
 * row was free, so that one was a digest of another day): nothing of this one is kept.
 */
class DigestTakenMeanwhile extends Error {
  constructor() {
    super('the invitations of this digest were mailed meanwhile');
  }
}
