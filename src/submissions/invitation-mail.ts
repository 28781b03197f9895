import type { Locale } from '../platform/i18n/locales.ts';
import { invitationMailTexts } from './mail-locales/index.ts';

/**
 * The words of the invitation an applicant receives when a researcher takes them on (a study with
 * manual applicant review), in the applicant's language. Plain text, with the one link that
 * matters.
 */
export function invitationMail(input: {
  to: string;
  name: string;
  /** The study's title as the applicant reads it: their language's translation, if it has one. */
  studyTitle: string;
  publicUrl: string;
  submissionId: string;
  language: Locale;
}) {
  const say = invitationMailTexts.say(input.language);
  return {
    to: input.to,
    language: input.language,
    subject: say('subject', { title: input.studyTitle }),
    text: say('body', {
      name: input.name,
      title: input.studyTitle,
      link: `${input.publicUrl}/participate/submissions/${input.submissionId}`,
      host: new URL(input.publicUrl).host,
    }),
  };
}
