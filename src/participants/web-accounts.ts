import type { Kysely } from 'kysely';
import { isMailableAddress, queueMail } from '../mail/index.ts';
import type { Db } from '../platform/db/database.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import { normalizeEmail } from '../platform/email.ts';
import { assertNoIssues, ConflictError, type Issue, phraseIssue } from '../platform/errors.ts';
import {
  hashPassword,
  passwordProblems,
  verifyAgainstDecoy,
  verifyPassword,
} from '../platform/web/password.ts';
import type { DB } from '../schema.ts';
import { passwordResetMail, verificationMail } from './account-mail.ts';
import {
  deleteSessionsOf,
  findParticipantByEmail,
  insertLink,
  insertSession,
  markEmailVerified,
  setPassword,
  useLink,
} from './account-store.ts';
import { sameMailboxKind } from './canonical-email.ts';
import { accountTexts } from './locales/index.ts';
import type { ParticipantRow } from './participants.table.ts';
import { participantFields, profileIssues, type SignupBody } from './profile.ts';
import { insertParticipant, mailboxTaken } from './store.ts';

/**
 * The participant web app's accounts (docs/participant-app.md): sign-up with a password, sign-in,
 * email verification and password reset by emailed one-time links. The profile rules are the API
 * sign-up's (profile.ts); the password rules and hashing are the dashboard's.
 */

/** A participant stays signed in for two weeks, unless they sign out or reset the password. */
export const PARTICIPANT_SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const VERIFY_LINK_DAYS = 3;
export const RESET_LINK_MINUTES = 60;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AccountContext {
  db: Kysely<DB>;
  publicUrl: string;
  now: Date;
}

/** One person, one account (docs/decisions/0082-one-account-per-mailbox.md): the rule is named. */
const emailTakenIssue = (email: string): Issue =>
  phraseIssue(accountTexts.phrase('emailTaken', { rule: sameMailboxKind(email) }));

const accountExists = (email: string) =>
  new ConflictError(accountTexts.phrase('accountExists'), [emailTakenIssue(email)]);

/**
 * The password rules' problems (src/platform/web/password.ts), each with its phrase so a page
 * says it in the reader's language; a rule without a phrase here stays in English.
 */
const PASSWORD_PHRASES = [
  accountTexts.phrase('passwordTooShort'),
  accountTexts.phrase('passwordTooLong'),
];
export function passwordIssues(password: string): Issue[] {
  return passwordProblems(password).map((message) => {
    const phrase = PASSWORD_PHRASES.find((known) => known.english === message);
    return phrase ? phraseIssue(phrase) : { message };
  });
}

/**
 * Sign-up from the web app: the profile, a password, consent, and a verification email written in
 * the profile's `language` (the page's at sign-up), English without one.
 */
export async function registerParticipant(
  context: AccountContext,
  input: { profile: SignupBody; password: string; consented: boolean },
): Promise<ParticipantRow> {
  const issues: Issue[] = [
    ...profileIssues(input.profile, context.now),
    ...passwordIssues(input.password),
  ];
  const email = normalizeEmail(input.profile.email);
  if (!issues.some((issue) => issue.message.startsWith('email:')) && !isMailableAddress(email)) {
    issues.push(phraseIssue(accountTexts.phrase('emailNotPlain')));
  }
  if (!input.consented) {
    issues.push(phraseIssue(accountTexts.phrase('termsNotAccepted')));
  }
  assertNoIssues(issues, accountTexts.phrase('signUpIncomplete'));
  const passwordHash = await hashPassword(input.password);
  try {
    return await context.db.transaction().execute(async (trx) => {
      if (await mailboxTaken(trx, email)) throw accountExists(email);
      const { participant } = await insertParticipant(
        trx,
        participantFields(input.profile),
        passwordHash,
      );
      await sendVerification(trx, context, participant);
      return participant;
    });
  } catch (error) {
    // Two sign-ups with one email at once: the unique constraint decides.
    if (isUniqueViolation(error)) throw accountExists(email);
    throw error;
  }
}

async function sendVerification(
  trx: Db,
  context: Omit<AccountContext, 'db'>,
  participant: ParticipantRow,
) {
  const token = await insertLink(trx, participant.id, 'verify_email', {
    now: context.now,
    ttlMs: VERIFY_LINK_DAYS * DAY_MS,
  });
  await queueMail(trx, {
    kind: 'verify_email',
    ...verificationMail({
      to: participant.email,
      name: participant.name,
      publicUrl: context.publicUrl,
      token,
      validDays: VERIFY_LINK_DAYS,
      language: participant.language,
    }),
  });
}

/** "Send the link again", for a participant who lost the first one. */
export async function resendVerification(
  context: AccountContext,
  participant: ParticipantRow,
): Promise<void> {
  if (participant.email_verified_at) return;
  await context.db.transaction().execute((trx) => sendVerification(trx, context, participant));
}

/** The participant whose email and password these are; undefined otherwise, in the same time. */
export async function checkPassword(
  db: Db,
  email: string,
  password: string,
): Promise<ParticipantRow | undefined> {
  const participant = email ? await findParticipantByEmail(db, normalizeEmail(email)) : undefined;
  const valid =
    participant?.password_hash && participant.status === 'active'
      ? await verifyPassword(password, participant.password_hash)
      : await verifyAgainstDecoy(password);
  return valid ? participant : undefined;
}

export async function startSession(db: Db, participantId: string, now: Date) {
  return insertSession(db, participantId, { now, ttlMs: PARTICIPANT_SESSION_TTL_MS });
}

/** Opens a verification link: true when the address is now verified. */
export async function verifyEmail(context: AccountContext, token: string): Promise<boolean> {
  return context.db.transaction().execute(async (trx) => {
    const participantId = await useLink(trx, token, 'verify_email', context.now);
    if (!participantId) return false;
    await markEmailVerified(trx, participantId, context.now.toISOString());
    return true;
  });
}

/**
 * "Forgot password": mails a reset link when the address has an account, and says nothing either
 * way, so the form cannot tell who has an account. Participants created through the API or the CLI
 * have no password yet and set their first one this way.
 */
export async function requestPasswordReset(context: AccountContext, email: string): Promise<void> {
  const participant = await findParticipantByEmail(context.db, normalizeEmail(email));
  // A preview's test participant has no mailbox to reach
  // (docs/decisions/0080-previews-with-test-participants.md).
  if (participant?.status !== 'active' || participant.is_test === 1) return;
  await context.db.transaction().execute(async (trx) => {
    const token = await insertLink(trx, participant.id, 'reset_password', {
      now: context.now,
      ttlMs: RESET_LINK_MINUTES * 60 * 1000,
    });
    await queueMail(trx, {
      kind: 'reset_password',
      ...passwordResetMail({
        to: participant.email,
        name: participant.name,
        publicUrl: context.publicUrl,
        token,
        validMinutes: RESET_LINK_MINUTES,
        language: participant.language,
      }),
    });
  });
}

/**
 * Sets a new password from a reset link: the link is used up, every session ends, and the address
 * counts as verified (the link reached it). Returns the participant, or undefined for a link that
 * is used, expired or unknown.
 */
export async function resetPassword(
  context: AccountContext,
  input: { token: string; password: string },
): Promise<string | undefined> {
  assertNoIssues(passwordIssues(input.password), accountTexts.phrase('passwordNotAcceptable'));
  const passwordHash = await hashPassword(input.password);
  return context.db.transaction().execute(async (trx) => {
    const participantId = await useLink(trx, input.token, 'reset_password', context.now);
    if (!participantId) return undefined;
    await setPassword(trx, participantId, passwordHash, context.now);
    await deleteSessionsOf(trx, participantId);
    return participantId;
  });
}
