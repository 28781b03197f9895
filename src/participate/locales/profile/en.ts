/**
 * The profile page (src/participate/pages/profile.ts). The questions' names and options are the
 * filter catalog's (src/filters/locales/names/); the problems a save finds are the use cases'.
 */
export const en = {
  title: 'Your profile',
  intro:
    'Studies choose their participants by these answers. Everything but your name, email, time zone, country and birth date is optional; the more you fill in, the more studies you match.',
  aboutHeading: 'About you',
  name: 'Name',
  email: 'Email',
  timeZone: 'Time zone',
  language: 'Language',
  languageHint: 'These pages and the emails we send you are written in it.',
  birthDate: 'Date of birth',
  placeHeading: 'Where you live',
  stateNotSaying: 'Not saying',
  stateCountryFirst: 'Choose a country first',
  stateHint: 'Changed the country? Save once, then choose the state.',
  cityHint: 'Type the first letters and choose your city; leave empty to not say.',
  cityNotFound: 'no city called “{typed}” found in the chosen country and state',
  mailHeading: 'Email from us',
  newStudies: 'New studies by email',
  newStudiesEach: 'Each study',
  newStudiesDaily: 'A daily summary',
  newStudiesNever: 'Never',
  newStudiesHint:
    'When a study you fit opens. A summary comes once a day at 09:00 in your time zone.',
  mailUndeliverable: 'Mail to your address could not be delivered; check it or change it',
  noShows:
    '{count, plural, one {# lab session} other {# lab sessions}} missed without an excuse in the last 12 months',
  noShowBarred:
    'Studies held in a lab are closed to you after missed sessions; write to the team that runs this panel to have it lifted.',
  record:
    '{rate, number, percent} of {decided, plural, one {# decision} other {# decisions}} approved',
  save: 'Save the profile',
  invalid: 'The profile is invalid',
  accountExists: 'An account already exists for this address',
  emailTaken: 'another account uses this address; sign in to that one instead',
  saved: 'Your profile is saved.',
  savedNewCountry: 'Saved. You changed your country: choose your state and city there too.',
} as const;
