import type { Issue } from '../platform/errors.ts';
import type { Locale } from '../platform/i18n/locales.ts';
import { messageMailTexts } from './locales/index.ts';

/**
 * Messages are plain text (docs/decisions/0090-messages.md): stored and sent exactly as written,
 * never turned into HTML, so a link in one is text a person may copy, not a link anyone renders.
 */
export const MAX_MESSAGE_LENGTH = 5_000;
/** submission_ids in one bulk send. */
export const MAX_BULK_SUBMISSION_IDS = 1_000;
/** Recipients one bulk send may reach by status; a bigger audience is sent in parts. */
export const MAX_BULK_RECIPIENTS = 10_000;
/** Recipients each bulk job writes in one transaction. */
export const BULK_CHUNK = 200;

/** The body's problems: text, not blank, at most MAX_MESSAGE_LENGTH characters. */
export function messageBodyIssues(body: unknown, where = 'body'): Issue[] {
  if (typeof body !== 'string') return [{ message: `${where}: must be text` }];
  if (body.trim() === '') return [{ message: `${where}: must not be blank` }];
  if (body.length > MAX_MESSAGE_LENGTH) {
    return [
      {
        message: `${where}: at most ${MAX_MESSAGE_LENGTH} characters, got ${body.length}`,
      },
    ];
  }
  return [];
}

/** Ids in order of first appearance, each once. */
export function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** Splits recipients into the bulk jobs' parts, in order. */
export function chunked<T>(items: readonly T[], size = BULK_CHUNK): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}

/**
 * The mail telling a participant the researcher wrote, in the participant's language: plain text
 * only (no HTML part), with the message as written and the one link to the study's page in the
 * participant app, where they reply.
 */
export function messageMail(input: {
  to: string;
  name: string;
  /** The study's title as the participant reads it; none when the study is gone. */
  studyTitle: string | undefined;
  body: string;
  publicUrl: string;
  submissionId: string;
  language: Locale;
}) {
  const say = messageMailTexts.say(input.language);
  const title = input.studyTitle ?? say('yourStudy');
  return {
    to: input.to,
    language: input.language,
    subject: say('subject', { title }),
    text: say('body', {
      name: input.name,
      title,
      message: input.body,
      link: `${input.publicUrl}/participate/submissions/${input.submissionId}`,
      host: new URL(input.publicUrl).host,
    }),
  };
}
