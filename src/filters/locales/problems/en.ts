/**
 * What src/filters/profile-validation.ts finds wrong with a profile's place, birth date and
 * attributes. The English is the API's, word for word, field prefix included; the other languages
 * say it as a sentence, since a participant's page shows it beside its field. A message whose
 * field is an argument (`{where}`) keeps it at the front in every language, and the page drops it
 * there (src/platform/web/field-issues.ts).
 */
export const en = {
  notAnObject: 'profile: must be an object',
  countryRequired: 'country_id: is required, an ISO 3166-1 alpha-2 code such as DE',
  stateNotText: 'state_id: must be a string',
  stateNotInCountry: 'state_id: {state} ({name}) is not in country {country}',
  cityNotText: 'city_id: must be a string',
  cityNotInCountry: 'city_id: {city} ({name}) is not in country {country}',
  cityNotInState: 'city_id: {city} ({name}) is not in state {state}',
  birthDateNotADate: 'birth_date: must be a date as YYYY-MM-DD',
  attributesNotAnObject: 'attributes: must be an object of filter slug to option ids',
  placeAsAttribute: '{where}: give the location as country_id, state_id and city_id instead',
  notAnAttribute:
    '{where}: not a profile attribute; use a multi_select filter slug from GET /v2/filters',
  attributeNotAList: '{where}: must be an array of option ids',
  optionNotText: '{where}: must be a string option id',
  optionByName: '{where}: "{given}" is not an option id; use the option id {id} for name {name}',
  unknownOption: '{where}: unknown option id "{given}"; see GET /v2/filters/{slug}/options',
} as const;
