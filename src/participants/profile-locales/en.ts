/**
 * What src/participants/profile.ts finds wrong with a whole profile. The English is the API's, word
 * for word, field prefix included; the other languages say it as a sentence, since a participant's
 * page shows it beside its field.
 */
export const en = {
  nameBlank: 'name: must not be blank',
  emailInvalid: 'email: is not an email address',
  timeZoneUnknown: 'timezone: "{zone}" is not an IANA time zone name',
  linkedinNotWeb: 'linkedin_url: must be an http(s) URL',
  tooYoung: 'birth_date: participants must be at least {age} years old',
} as const;
