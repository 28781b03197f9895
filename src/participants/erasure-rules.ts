import type { ScreeningAnswer } from '../screening/index.ts';

/**
 * What an erasure leaves of a participant (docs/participant-data.md): pure rules, no I/O, so each
 * can be checked on its own. The use case (erase.ts) applies them in one transaction.
 */

/** What organizations see instead of the name from the erasure on (API reads, dashboard). */
export const ERASED_NAME = 'erased participant';

/** The participant row's status after an erasure; every credential check wants `active`. */
export const ERASED_STATUS = 'erased';

/**
 * The `email` column is unique and required, so an erased row holds a placeholder that names no
 * mailbox: the pseudonymous id under the reserved `.invalid` domain (RFC 2606), which no mail
 * server accepts, so nothing queued later can reach anyone.
 */
export function erasedEmail(participantId: string): string {
  return `${participantId}@erased.invalid`;
}

/** The profile columns an erasure overwrites, and what they hold afterwards. */
export function erasedProfile(participantId: string, tokenHash: string, now: Date) {
  return {
    name: ERASED_NAME,
    email: erasedEmail(participantId),
    email_canonical: null,
    linkedin_url: null,
    timezone: 'UTC',
    birth_date: '',
    country_id: '',
    state_id: null,
    city_id: null,
    attributes: '{}',
    linked_accounts: '[]',
    background: '{}',
    token_hash: tokenHash,
    status: ERASED_STATUS,
    password_hash: null,
    email_verified_at: null,
    updated_at: now.toISOString(),
  } as const;
}

/**
 * Screener answers without what the participant wrote themselves: the text of a `pick: text`
 * question and the write-in of an `allow_free_text` answer. Chosen options stay (they are the
 * organization's own option texts, and its quota cells and screening statistics count them). An
 * answer whose question is unknown (no key, or a question no longer in the screener) could be
 * anything, so its answer goes too.
 */
export function eraseFreeText(
  answers: readonly ScreeningAnswer[],
  choiceQuestionKeys: ReadonlySet<string>,
): ScreeningAnswer[] {
  return answers.map((answer) => {
    const { free_text: _written, ...kept } = answer;
    const isChoice = answer.key !== undefined && choiceQuestionKeys.has(answer.key);
    return isChoice ? kept : { ...kept, answer: [] };
  });
}

/** The keys of a screener's questions whose answers are options, not text the person wrote. */
export function choiceQuestionKeys(screener: unknown): Set<string> {
  const keys = new Set<string>();
  if (!Array.isArray(screener)) return keys;
  for (const question of screener) {
    if (
      question &&
      typeof question === 'object' &&
      typeof question.key === 'string' &&
      typeof question.pick === 'string' &&
      question.pick !== 'text'
    ) {
      keys.add(question.key);
    }
  }
  return keys;
}

/**
 * A stored event's JSON (an outbox row's `data`, or a delivery's whole payload with `data` inside)
 * without the message body this participant wrote: `message.received` is the one event that
 * carries text of theirs (src/messages/events.ts). Anything else, another participant's event
 * included, is returned unchanged, byte for byte.
 */
export function withoutMessageBody(json: string, nested: boolean, participantId: string): string {
  const parsed = JSON.parse(json) as Record<string, unknown>;
  const data = (nested ? parsed.data : parsed) as Record<string, unknown> | undefined;
  if (!data || typeof data !== 'object' || typeof data.body !== 'string') return json;
  if (data.participant_id !== participantId) return json;
  data.body = '';
  return JSON.stringify(parsed);
}
