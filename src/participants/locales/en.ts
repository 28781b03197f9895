/**
 * The participant web app's account mails and the problems its sign-up and password reset find
 * (src/participants/web-accounts.ts, src/participants/account-mail.ts). A problem's English is
 * the API's word for word, field prefix included; the other languages say it as a sentence, since
 * a page shows it beside its field.
 */
export const en = {
  verifyMailSubject: 'Confirm your email for {host}',
  verifyMailBody: `Hello {name},

Open this link to confirm your email address and start applying to studies on {host}:

{link}

The link works once, for {days, plural, one {# day} other {# days}}. If you did not sign up, ignore this email.`,
  resetMailSubject: 'Set your password for {host}',
  resetMailBody: `Hello {name},

Someone (we hope you) asked to set a new password for your participant account. Open this link to choose one:

{link}

The link works once, for {minutes, plural, one {# minute} other {# minutes}}. If you did not ask, ignore this email: your password stays as it is.`,
  signUpIncomplete: 'The sign-up is incomplete',
  passwordNotAcceptable: 'The password is not acceptable',
  passwordTooShort: 'password: must be at least 12 characters',
  passwordTooLong: 'password: must be at most 1024 characters',
  emailNotPlain: 'email: must be one plain address, such as ana@example.org',
  termsNotAccepted: 'terms: you need to agree to the terms to take part',
  accountExists: 'An account already exists for this address',
  emailTaken:
    'email: an account already exists for this address ({rule, select, dotsAndTags {addresses that differ only by dots or a +tag are the same mailbox at this provider} tags {addresses that differ only by a +tag are the same mailbox at this provider} other {addresses that differ only in upper and lower case are the same mailbox}}); sign in, or reset the password if you forgot it',
} as const;
