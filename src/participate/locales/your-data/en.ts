/** "Your data" (src/participate/pages/your-data.ts): the download and "Delete my account". */
export const en = {
  heading: 'Your data',
  holds:
    'Everything Cohort holds about you (profile, applications and answers, work, messages, payments, uploads) as one file.',
  download: 'Download your data (JSON)',
  deleteLink: 'Delete my account',
  deleteTitle: 'Delete my account',
  deletedHeading: 'What is deleted',
  deletedProfile: 'Your name, email, date of birth, place and every profile answer.',
  deletedWriting: 'What you wrote: written screener answers, notes on your work, your messages.',
  deletedFiles: 'Every file you uploaded.',
  deletedAccess: 'Your password, your sign-ins and your API token: you are signed out everywhere.',
  deletedPlaces:
    'Places you hold in studies go back to the researchers. Work waiting for review stays with them, without your name.',
  keptHeading: 'What is kept',
  keptPayments:
    'Payments and the status of each application stay, under a random number instead of your name, so the researchers’ accounts still add up. Nobody can tell from them who you are.',
  keptDownload:
    '<download>Download your data</download> first if you want a copy: it cannot be recovered afterwards.',
  password: 'Your password',
  passwordHint: 'To be sure it is you.',
  deleteButton: 'Delete my account',
  keep: 'Keep my account',
  passwordNeeded: 'Your password is needed to delete the account',
  passwordWrong: 'does not match your password',
  goneTitle: 'Your account is deleted',
  goneText: 'Your personal data is erased and you are signed out. Thank you for taking part.',
  frontPage: 'Back to the front page',
} as const;
