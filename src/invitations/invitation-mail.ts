import type { OutgoingMail } from '../mail/index.ts';
import { formatMoney } from '../platform/i18n/format.ts';
import type { Locale } from '../platform/i18n/locales.ts';
import { studyInvitationTexts } from './mail-locales/index.ts';

/** A study as an invitation shows it, already in the reader's language. */
export interface InvitedStudy {
  id: string;
  title: string;
  incentiveCents: number;
  minutes: number;
}

export interface Invitee {
  name: string;
  email: string;
  language: Locale;
  /** The one-click unsubscribe link (src/participants/unsubscribe-token.ts). */
  unsubscribeUrl: string;
}

/**
 * RFC 8058: a mailbox provider shows an unsubscribe button that POSTs to the link, with no
 * session; every invitation and digest carries both headers.
 */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * What every invitation to one study in one language says alike, worked out once per study
 * object: an invitation of thousands (src/invitations/invite.ts) hands the same object to each
 * reader of a language, and formatting the money again for each cost a fifth of the call.
 */
const factsOf = new WeakMap<InvitedStudy, Map<string, ReturnType<typeof studyFacts>>>();

function studyFacts(study: InvitedStudy, language: Locale, publicUrl: string) {
  const perHour = study.minutes > 0 ? Math.floor((study.incentiveCents * 60) / study.minutes) : 0;
  return {
    title: study.title,
    reward: formatMoney(language, study.incentiveCents, 'usd'),
    minutes: study.minutes,
    perHour: formatMoney(language, perHour, 'usd'),
    link: `${publicUrl}/participate/studies/${study.id}`,
    host: new URL(publicUrl).host,
  };
}

function facts(study: InvitedStudy, language: Locale, publicUrl: string) {
  let byLanguage = factsOf.get(study);
  if (!byLanguage) {
    byLanguage = new Map();
    factsOf.set(study, byLanguage);
  }
  const key = `${language} ${publicUrl}`;
  let found = byLanguage.get(key);
  if (!found) {
    found = studyFacts(study, language, publicUrl);
    byLanguage.set(key, found);
  }
  return found;
}

/** The mail of one invitation, in the participant's language (docs/decisions/0165-invitations.md). */
export function invitationMail(input: {
  invitee: Invitee;
  study: InvitedStudy;
  publicUrl: string;
}): OutgoingMail {
  const { invitee } = input;
  const say = studyInvitationTexts.say(invitee.language);
  const shown = facts(input.study, invitee.language, input.publicUrl);
  return {
    to: invitee.email,
    kind: 'study_invitation',
    language: invitee.language,
    headers: unsubscribeHeaders(invitee.unsubscribeUrl),
    subject: say('subject', { title: shown.title }),
    text: say('body', {
      ...shown,
      name: invitee.name,
      unsubscribe: invitee.unsubscribeUrl,
    }),
  };
}

/** One mail listing a day's invitations, for a participant who chose `daily`. */
export function digestMail(input: {
  invitee: Invitee;
  studies: readonly InvitedStudy[];
  publicUrl: string;
}): OutgoingMail {
  const { invitee } = input;
  const say = studyInvitationTexts.say(invitee.language);
  const count = input.studies.length;
  return {
    to: invitee.email,
    kind: 'study_digest',
    language: invitee.language,
    headers: unsubscribeHeaders(invitee.unsubscribeUrl),
    subject: say('digestSubject', { count }),
    text: [
      say('digestIntro', { name: invitee.name, count }),
      ...input.studies.map((study) =>
        say('digestItem', facts(study, invitee.language, input.publicUrl)),
      ),
      say('digestFooter', {
        host: new URL(input.publicUrl).host,
        unsubscribe: invitee.unsubscribeUrl,
      }),
    ].join('\n\n'),
  };
}
