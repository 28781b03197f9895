import { type Static, Type } from 'typebox';
import type { ParticipantProfile } from '../filters/index.ts';
import { ageAt, validateProfileAttributes } from '../filters/index.ts';
import { normalizeEmail } from '../platform/email.ts';
import { type Issue, phraseIssue } from '../platform/errors.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../platform/i18n/locales.ts';
import { isValidTimeZone } from '../platform/time/time-zone.ts';
import type { NewStudiesPreference, ParticipantRow } from './participants.table.ts';
import { profileTexts } from './profile-locales/index.ts';
import type { ParticipantFields } from './store.ts';

/**
 * The participant profile (docs/decisions/0056-participant-sign-up-and-profile.md): identity,
 * tracker timezone, the place and attribute option ids audience filters match, linked accounts and
 * a background. The same JSON signs up over HTTP and through `cohort participant create --profile
 * FILE`.
 */

const closed = { additionalProperties: false } as const;
// A type list rather than anyOf: with the app's type coercion an anyOf would turn null into "".
const nullableString = (options: { maxLength: number }) =>
  Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], ...options }));

export const Experience = Type.Object(
  {
    company: Type.String({ minLength: 1, maxLength: 200 }),
    role: nullableString({ maxLength: 200 }),
    started_at: nullableString({ maxLength: 32 }),
    ended_at: nullableString({ maxLength: 32 }),
    description: nullableString({ maxLength: 5000 }),
  },
  closed,
);

export const Education = Type.Object(
  {
    school: Type.String({ minLength: 1, maxLength: 200 }),
    degree: nullableString({ maxLength: 200 }),
    major: nullableString({ maxLength: 200 }),
  },
  closed,
);

export const Background = Type.Object(
  {
    experiences: Type.Optional(Type.Array(Experience, { maxItems: 50 })),
    educations: Type.Optional(Type.Array(Education, { maxItems: 20 })),
  },
  closed,
);
export type Background = Static<typeof Background>;

export const NEW_STUDIES_PREFERENCES = [
  'each',
  'daily',
  'never',
] as const satisfies readonly NewStudiesPreference[];
export const DEFAULT_NEW_STUDIES: NewStudiesPreference = 'each';

const NewStudies = Type.Unsafe<NewStudiesPreference>({
  type: 'string',
  enum: [...NEW_STUDIES_PREFERENCES],
  description:
    'How you hear of new studies you fit: each (a mail per study), daily (one summary a day at 09:00 your time) or never',
});

/** What the participant is told by mail (docs/decisions/0165-invitations.md). */
const Notifications = Type.Object({ new_studies: Type.Optional(NewStudies) }, closed);

const profileFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  email: Type.String({ minLength: 3, maxLength: 254 }),
  timezone: Type.String({ description: 'IANA time zone of the tracker, such as Europe/Berlin' }),
  birth_date: Type.String({ description: 'YYYY-MM-DD' }),
  linkedin_url: nullableString({ maxLength: 500 }),
  country_id: Type.String({ description: 'ISO 3166-1 alpha-2 option id' }),
  state_id: nullableString({ maxLength: 20 }),
  city_id: nullableString({ maxLength: 20 }),
  attributes: Type.Optional(
    Type.Record(Type.String(), Type.Array(Type.String(), { maxItems: 50 }), {
      description: 'Option ids per multi_select filter slug, from GET /v2/filters',
    }),
  ),
  linked_accounts: Type.Optional(
    Type.Array(Type.String({ pattern: '^[a-z0-9_]{1,40}$' }), {
      maxItems: 20,
      description: 'Accounts the participant has linked, such as linkedin',
    }),
  ),
  background: Type.Optional(Background),
  language: Type.Optional(
    Type.Unsafe<Locale>({
      type: 'string',
      enum: [...LOCALES],
      description:
        'The language pages and mails speak to you in (en, de, fr, es); at sign-up it defaults to the best match of Accept-Language, else en',
    }),
  ),
  notifications: Type.Optional(Notifications),
};

export const SignupBody = Type.Object(profileFields, closed);
export type SignupBody = Static<typeof SignupBody>;

export const ProfilePatchBody = Type.Object(
  {
    name: Type.Optional(profileFields.name),
    email: Type.Optional(profileFields.email),
    timezone: Type.Optional(profileFields.timezone),
    birth_date: Type.Optional(profileFields.birth_date),
    linkedin_url: profileFields.linkedin_url,
    country_id: Type.Optional(profileFields.country_id),
    state_id: profileFields.state_id,
    city_id: profileFields.city_id,
    attributes: profileFields.attributes,
    linked_accounts: profileFields.linked_accounts,
    background: profileFields.background,
    language: profileFields.language,
    notifications: profileFields.notifications,
  },
  closed,
);
export type ProfilePatchBody = Static<typeof ProfilePatchBody>;

export const Participant = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  linkedin_url: Type.Union([Type.String(), Type.Null()]),
  timezone: Type.String(),
  language: Type.Unsafe<Locale>({ type: 'string', enum: [...LOCALES] }),
  birth_date: Type.String(),
  country_id: Type.String(),
  state_id: Type.Union([Type.String(), Type.Null()]),
  city_id: Type.Union([Type.String(), Type.Null()]),
  attributes: Type.Record(Type.String(), Type.Array(Type.String())),
  linked_accounts: Type.Array(Type.String()),
  background: Type.Object({
    experiences: Type.Array(Type.Object(Experience.properties)),
    educations: Type.Array(Type.Object(Education.properties)),
  }),
  notifications: Type.Object({ new_studies: NewStudies }),
  mail_undeliverable: Type.Boolean({
    description:
      'True when the mail server refused this address for good: no invitation goes to it until the participant changes their email',
  }),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type ParticipantResponse = Static<typeof Participant>;

export const SignupResponse = Type.Object({
  participant: Participant,
  token: Type.String({ description: 'The participant bearer token (pt_...), shown once' }),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MINIMUM_AGE = 18;

/** Every problem with a whole profile (after a patch is merged), listed at once. */
export function profileIssues(profile: SignupBody, now: Date): Issue[] {
  const issues: Issue[] = [];
  // Each a catalog phrase: English for the API as it always was, the reader's language on a page.
  const problem = (...args: Parameters<typeof profileTexts.phrase>) =>
    issues.push(phraseIssue(profileTexts.phrase(...args)));
  if (!profile.name.trim()) problem('nameBlank');
  if (!EMAIL.test(profile.email)) problem('emailInvalid');
  if (!isValidTimeZone(profile.timezone)) problem('timeZoneUnknown', { zone: profile.timezone });
  if (profile.linkedin_url != null && !isWebUrl(profile.linkedin_url)) problem('linkedinNotWeb');
  const placeAndAttributes = validateProfileAttributes({
    country_id: profile.country_id,
    state_id: profile.state_id ?? undefined,
    city_id: profile.city_id ?? undefined,
    birth_date: profile.birth_date,
    attributes: profile.attributes ?? {},
  });
  issues.push(...placeAndAttributes);
  const birthDateValid = !placeAndAttributes.some((i) => i.message.startsWith('birth_date'));
  if (birthDateValid && ageAt(profile.birth_date, now) < MINIMUM_AGE) {
    problem('tooYoung', { age: String(MINIMUM_AGE) });
  }
  return issues;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Profile JSON to stored columns. */
export function participantFields(profile: SignupBody): ParticipantFields {
  return {
    name: profile.name.trim(),
    email: normalizeEmail(profile.email),
    linkedin_url: profile.linkedin_url ?? null,
    timezone: profile.timezone,
    language: profile.language ?? DEFAULT_LOCALE,
    new_studies: profile.notifications?.new_studies ?? DEFAULT_NEW_STUDIES,
    birth_date: profile.birth_date,
    country_id: profile.country_id,
    state_id: profile.state_id ?? null,
    city_id: profile.city_id ?? null,
    attributes: JSON.stringify(profile.attributes ?? {}),
    linked_accounts: JSON.stringify([...new Set(profile.linked_accounts ?? [])]),
    background: JSON.stringify({
      experiences: profile.background?.experiences ?? [],
      educations: profile.background?.educations ?? [],
    }),
  };
}

/** What audience filters match against. */
export function matchProfile(row: ParticipantRow): ParticipantProfile {
  return {
    birth_date: row.birth_date,
    country_id: row.country_id,
    state_id: row.state_id,
    city_id: row.city_id,
    attributes: JSON.parse(row.attributes) as Record<string, string[]>,
    approval_rate: row.approval_rate === null ? null : Number(row.approval_rate),
    approved_submissions: Number(row.approved_submissions),
    no_shows: Number(row.no_shows ?? 0),
  };
}
