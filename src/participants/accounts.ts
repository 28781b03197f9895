import type { Db } from '../platform/db/database.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import { normalizeEmail } from '../platform/email.ts';
import { assertNoIssues, ConflictError } from '../platform/errors.ts';
import type { Locale } from '../platform/i18n/locales.ts';
import { canonicalEmail, mailboxTakenMessage } from './canonical-email.ts';
import { participantProfileBody } from './participant-view.ts';
import type { ParticipantRow } from './participants.table.ts';
import {
  type ProfilePatchBody,
  participantFields,
  profileIssues,
  type SignupBody,
} from './profile.ts';
import {
  type CreatedParticipant,
  insertParticipant,
  mailboxTaken,
  updateParticipant,
} from './store.ts';

/** One person, one account (docs/decisions/0082-one-account-per-mailbox.md): the 409 names the rule. */
const emailConflict = (email: string) =>
  new ConflictError('An account already exists for this address', [
    { message: mailboxTakenMessage(email) },
  ]);

/** Sign-up and `cohort participant create`: a validated profile and a fresh token. */
export async function signUpParticipant(
  db: Db,
  profile: SignupBody,
  now: Date,
): Promise<CreatedParticipant> {
  assertNoIssues(profileIssues(profile, now), 'The profile is invalid');
  const email = normalizeEmail(profile.email);
  if (await mailboxTaken(db, email)) throw emailConflict(email);
  try {
    return await insertParticipant(db, participantFields(profile));
  } catch (error) {
    // Two sign-ups with one email at once: the unique constraint decides.
    if (isUniqueViolation(error)) throw emailConflict(email);
    throw error;
  }
}

/** PATCH /participant/me: the change is merged over the profile and the whole is validated. */
export async function updateParticipantProfile(
  db: Db,
  participant: ParticipantRow,
  change: ProfilePatchBody,
  now: Date,
): Promise<ParticipantRow> {
  const merged: SignupBody = { ...participantProfileBody(participant) };
  for (const [key, value] of Object.entries(change)) {
    if (value !== undefined) (merged as unknown as Record<string, unknown>)[key] = value;
  }
  // Notification choices not named keep what they were.
  if (change.notifications) {
    merged.notifications = {
      new_studies: participant.new_studies,
      ...withoutUndefined(change.notifications),
    };
  }
  assertNoIssues(profileIssues(merged, now), 'The profile is invalid');
  const email = normalizeEmail(merged.email);
  const changed = email !== participant.email;
  if (changed && (await mailboxTaken(db, email, participant.id))) throw emailConflict(email);
  try {
    // A new address is unconfirmed until its own link is opened. The mailbox is written only with
    // a new address, so an account that shared one before migration 0016 still saves its profile.
    return await updateParticipant(db, participant.id, {
      ...participantFields(merged),
      // A new address may take mail where the old one did not
      // (docs/decisions/0167-mail-a-person-can-trust.md).
      ...(changed && {
        email_verified_at: null,
        email_canonical: canonicalEmail(email),
        mail_undeliverable_at: null,
      }),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailConflict(email);
    throw error;
  }
}

/**
 * The language a participant reads pages and mails in, chosen on the switcher: nothing else of the
 * profile changes, so nothing else is checked.
 */
export async function setParticipantLanguage(
  db: Db,
  participant: ParticipantRow,
  language: Locale,
): Promise<ParticipantRow> {
  if (participant.language === language) return participant;
  return updateParticipant(db, participant.id, { language });
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}
