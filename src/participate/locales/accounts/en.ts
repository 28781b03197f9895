/** The signed-out pages: sign-up, sign-in, a new password, email confirmation (pages/accounts.ts). */
export const en = {
  signUpTitle: 'Join the panel',
  signUpIntro: 'Take part in research studies and get paid for your time. It takes two minutes.',
  nameLabel: 'Your name',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  passwordHint: 'At least 12 characters.',
  timezoneLabel: 'Time zone',
  timezoneBlank: 'Choose your time zone',
  timezoneHint: 'Guessed from your browser; change it if it is wrong.',
  countryLabel: 'Country you live in',
  countryBlank: 'Choose a country',
  birthDateLabel: 'Date of birth',
  birthDateHint: 'You need to be 18 or older.',
  termsLabel:
    'I agree to take part under the terms of this panel: my profile is used to match me to studies, and researchers see my answers and work for the studies I join.',
  createAccount: 'Create my account',
  haveAccount: 'Already have an account? <link>Sign in</link>.',
  welcome:
    'Welcome! We sent a link to {email}: open it to confirm your address before you apply. Meanwhile, fill in your profile so we can match you to studies.',
  signInTitle: 'Sign in',
  signInButton: 'Sign in',
  forgotLink: 'Forgot your password, or never set one?',
  newHere: 'New here? <link>Join the panel</link>.',
  throttled:
    'Too many failed attempts for this address. Try again in {minutes, plural, one {# minute} other {# minutes}}, or set a new password by email.',
  wrongPassword:
    'That email and password do not match. <link>Set a new password by email</link> if you forgot it or never had one.',
  forgotTitle: 'Set a new password',
  forgotSent:
    'If {email} has an account, a link to set a new password is on its way. It works for an hour.',
  accountEmailLabel: 'Email of your account',
  emailMeLink: 'Email me a link',
  backToSignIn: 'Back to sign-in',
  resetTitle: 'Choose a new password',
  newPasswordLabel: 'New password',
  setPassword: 'Set the password',
  passwordSet: 'Your new password is set.',
  linkNotValidTitle: 'Link not valid',
  resetLinkNotValid:
    'This link was already used, has expired (links last an hour) or never existed. <link>Ask for a new one</link>.',
  verifyLinkNotValid:
    'This confirmation link was already used, has expired or never existed. Sign in and ask for a new one from the studies page.',
  emailConfirmedTitle: 'Email confirmed',
  emailConfirmedText: 'Your email address is confirmed. <link>Sign in</link> to apply to studies.',
  emailConfirmedNotice: 'Your email address is confirmed. You can apply to studies now.',
  verificationResent: 'A new confirmation link is on its way to {email}.',
  expiredSignUp: 'Open the sign-up page again and retry.',
  expiredSignIn: 'Open the sign-in page again and retry.',
  expiredPassword: 'Open the password page again and retry.',
  expiredPrevious: 'Open the previous page again and retry.',
} as const;
