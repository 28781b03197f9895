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
  save: 'Save the profile',
  invalid: 'The profile is invalid',
  accountExists: 'An account already exists for this address',
  emailTaken: 'another account uses this address; sign in to that one instead',
  saved: 'Your profile is saved.',
  savedNewCountry: 'Saved. You changed your country: choose your state and city there too.',
} as const;
