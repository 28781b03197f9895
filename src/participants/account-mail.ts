import type { Locale } from '../platform/i18n/locales.ts';
import { accountTexts } from './locales/index.ts';

/**
 * The words of the account emails, in the participant's language (src/participants/locales/).
 * Plain text: every mail client shows it, and a link in it is the whole message. The service is
 * named by its PUBLIC_URL's host, which is what the reader can check in the link itself.
 */

export interface AccountMail {
  to: string;
  subject: string;
  text: string;
  /** The language the mail is written in, sent as its Content-Language. */
  language: Locale;
}

const serviceName = (publicUrl: string) => new URL(publicUrl).host;

export function verificationMail(input: {
  to: string;
  name: string;
  publicUrl: string;
  token: string;
  validDays: number;
  language: Locale;
}): AccountMail {
  const say = accountTexts.say(input.language);
  const host = serviceName(input.publicUrl);
  return {
    to: input.to,
    language: input.language,
    subject: say('verifyMailSubject', { host }),
    text: say('verifyMailBody', {
      name: input.name,
      host,
      link: `${input.publicUrl}/participate/verify/${input.token}`,
      days: input.validDays,
    }),
  };
}

export function passwordResetMail(input: {
  to: string;
  name: string;
  publicUrl: string;
  token: string;
  validMinutes: number;
  language: Locale;
}): AccountMail {
  const say = accountTexts.say(input.language);
  return {
    to: input.to,
    language: input.language,
    subject: say('resetMailSubject', { host: serviceName(input.publicUrl) }),
    text: say('resetMailBody', {
      name: input.name,
      link: `${input.publicUrl}/participate/reset/${input.token}`,
      minutes: input.validMinutes,
    }),
  };
}
