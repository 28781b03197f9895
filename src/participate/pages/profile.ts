import {
  countryLabel,
  filterCatalog,
  filterCategoryLabel,
  filterDefinition,
  filterLabel,
  filterOptionLabel,
  filterOptionName,
  searchFilterOptions,
} from '../../filters/index.ts';
import {
  NEW_STUDIES_PREFERENCES,
  type NewStudiesPreference,
  type ParticipantRow,
  participantProfileBody,
  updateParticipantProfile,
} from '../../participants/index.ts';
import { isDomainError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { App } from '../../platform/http/types.ts';
import {
  type AnyLocale,
  intlLocale,
  isLocale,
  LANGUAGE_NAMES,
  LOCALES,
  PSEUDO_LOCALE,
} from '../../platform/i18n/locales.ts';
import { cookieAttributes } from '../../platform/web/cookies.ts';
import { issuesByField } from '../../platform/web/field-issues.ts';
import { flashBox } from '../../platform/web/form-parts.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { choiceGroup, inputField, selectField } from '../fields.ts';
import { csrfField, participantPage } from '../layout.ts';
import { profileTexts } from '../locales/profile/index.ts';
import { LANGUAGE_COOKIE } from '../page-locale.ts';
import {
  attributeField,
  attributesFromForm,
  type ProfileField,
  profileFields,
} from '../profile-form.ts';
import { type ParticipateRouter, problemOf, type Visit } from '../router.ts';
import { countries, timeZones } from './accounts.ts';
import { yourDataCard } from './your-data.ts';

const FIELDS: ProfileField[] = profileFields(
  filterCatalog().map((entry) => ({ entry, source: filterDefinition(entry.slug)?.source })),
);
const slugOf = (level: 'country' | 'state' | 'city') =>
  FIELDS.find((field) => field.kind === 'place' && field.level === level)!.slug;

const FORM_FIELDS = [
  'name',
  'email',
  'timezone',
  'language',
  'birth_date',
  'country_id',
  'state_id',
  'city_id',
  ...FIELDS.filter((field) => field.kind === 'attribute').map((field) =>
    attributeField(field.slug),
  ),
];

/** Every option of a fixed list, for checkboxes, named in the reader's language. */
const optionsOf = (locale: AnyLocale, slug: string) =>
  (searchFilterOptions(slug, { page: 1, perPage: 1000 })?.data ?? []).map((option) => ({
    value: option.id,
    label: filterOptionLabel(locale, slug, option.id, option.name),
  }));

/** The countries named in the reader's language, in its alphabetical order; built once each. */
const countriesByLocale = new Map<AnyLocale, { value: string; label: string }[]>();
function countriesIn(locale: AnyLocale) {
  let choices = countriesByLocale.get(locale);
  if (!choices) {
    const collator = new Intl.Collator(intlLocale(locale));
    choices = countries()
      .map((country) => ({
        value: country.value,
        label: countryLabel(locale, country.value, country.label),
      }))
      .sort((a, b) => collator.compare(a.label, b.label));
    countriesByLocale.set(locale, choices);
  }
  return choices;
}

/** Each language named in itself, as the switcher names them. */
const LANGUAGE_CHOICES = LOCALES.map((locale) => ({
  value: locale,
  label: LANGUAGE_NAMES[locale],
}));

interface Shown {
  form: Record<string, string>;
  problems: Map<string, string[]>;
  message?: string;
  other?: string[];
}

const NEW_STUDIES_LABELS = {
  each: 'newStudiesEach',
  daily: 'newStudiesDaily',
  never: 'newStudiesNever',
} as const satisfies Record<NewStudiesPreference, string>;

const isNewStudies = (value: string | undefined): value is NewStudiesPreference =>
  (NEW_STUDIES_PREFERENCES as readonly (string | undefined)[]).includes(value);

/** How often the participant hears of new studies, saved with the profile. */
function mailCard(visit: Visit, form: Record<string, string>): Html {
  const say = profileTexts.say(visit.locale);
  return html`<section class="card" aria-labelledby="mail-heading"><h2 id="mail-heading">${say('mailHeading')}</h2>
    ${choiceGroup({
      name: 'new_studies',
      legend: say('newStudies'),
      type: 'radio',
      choices: NEW_STUDIES_PREFERENCES.map((value) => ({
        value,
        label: say(NEW_STUDIES_LABELS[value]),
      })),
      checked: new Set([form.new_studies ?? '']),
    })}
    <p class="hint">${say('newStudiesHint')}</p>
  </section>`;
}

/**
 * The participant's record of decisions (docs/decisions/0168-reputation.md): "96% of 25 decisions
 * approved", nothing before a first one.
 */
function decisionRecord(visit: Visit): Html | '' {
  const { approval_rate: rate, decided_submissions: decided } = visit.participant;
  if (rate === null || Number(decided) === 0) return '';
  const say = profileTexts.say(visit.locale);
  return html`<p class="record" data-record>${say('record', { rate: Number(rate) / 100, decided: Number(decided) })}</p>`;
}

/**
 * The participant's unexcused no-shows of the last 12 months, and whether they keep scheduled
 * studies closed (docs/decisions/0179-no-shows.md); nothing before a first one.
 */
function noShowRecord(visit: Visit): Html | '' {
  const count = Number(visit.participant.no_shows);
  if (count === 0 && Number(visit.participant.no_show_barred) === 0) return '';
  const say = profileTexts.say(visit.locale);
  return html`<p class="record" data-no-shows>${say('noShows', { count })}</p>${
    Number(visit.participant.no_show_barred) === 1
      ? html`<p class="record" data-no-show-barred>${say('noShowBarred')}</p>`
      : ''
  }`;
}

/** The stored profile as form values. */
function storedForm(participant: ParticipantRow): Record<string, string> {
  const profile = participantProfileBody(participant);
  const form: Record<string, string> = {
    name: profile.name,
    email: profile.email,
    timezone: profile.timezone,
    language: participant.language,
    new_studies: participant.new_studies,
    birth_date: profile.birth_date,
    country_id: profile.country_id,
    state_id: profile.state_id ?? '',
    city_id: profile.city_id ?? '',
    city_name: profile.city_id ? (filterOptionName(slugOf('city'), profile.city_id) ?? '') : '',
  };
  for (const [slug, ids] of Object.entries(profile.attributes ?? {})) {
    form[attributeField(slug)] = ids.join('\n');
  }
  return form;
}

function placeField(
  locale: AnyLocale,
  field: Extract<ProfileField, { kind: 'place' }>,
  shown: Shown,
): Html {
  const { form, problems } = shown;
  const say = profileTexts.say(locale);
  const label = filterLabel(locale, field.slug, field.name);
  if (field.level === 'country') {
    return selectField({
      name: 'country_id',
      label,
      value: form.country_id,
      choices: countriesIn(locale),
      problems: problems.get('country_id'),
      attributes: html` autocomplete="country" data-country`,
    });
  }
  if (field.level === 'state') {
    const states = form.country_id
      ? (searchFilterOptions(field.slug, { page: 1, perPage: 1000, countryId: form.country_id })
          ?.data ?? [])
      : [];
    return selectField({
      name: 'state_id',
      label,
      value: form.state_id,
      choices: states.map((state) => ({ value: state.id, label: state.name })),
      blank: states.length ? say('stateNotSaying') : say('stateCountryFirst'),
      problems: problems.get('state_id'),
      hint: say('stateHint'),
    });
  }
  const cityProblems = problems.get('city_id');
  return html`<div class="field">
    <label for="city_name">${label}</label>
    <input id="city_name" name="city_name" value="${form.city_name ?? ''}" autocomplete="off" list="city-options" data-city-search="${field.slug}" aria-describedby="city_name-hint${cityProblems ? ' city_name-problems' : ''}"${cityProblems ? html` aria-invalid="true"` : ''}>
    <datalist id="city-options"></datalist>
    <input type="hidden" name="city_id" value="${form.city_id ?? ''}" data-city-id>
    <p class="hint" id="city_name-hint">${say('cityHint')}</p>
    ${cityProblems ? html`<p class="problem" id="city_name-problems">${cityProblems.join('; ')}</p>` : ''}
  </div>`;
}

function profilePage(visit: Visit, shown: Shown, status = 200) {
  const { form, problems } = shown;
  const { locale } = visit;
  const say = profileTexts.say(locale);
  const groups = new Map<
    Extract<ProfileField, { kind: 'attribute' }>['category'],
    ProfileField[]
  >();
  for (const field of FIELDS) {
    if (field.kind !== 'attribute') continue;
    groups.set(field.category, [...(groups.get(field.category) ?? []), field]);
  }
  const markup = participantPage({
    locale,
    title: say('title'),
    participant: visit.participant,
    csrf: visit.csrf,
    section: 'profile',
    flash: visit.flash,
    body: html`${shown.message ? flashBox({ kind: 'error', message: shown.message, issues: shown.other }) : ''}
      <p>${say('intro')}</p>
      ${decisionRecord(visit)} ${noShowRecord(visit)}
      <form method="post" action="/participate/profile" class="stack profile" novalidate>
        ${csrfField(visit.csrf)}
        <section class="card" aria-labelledby="about-heading"><h2 id="about-heading">${say('aboutHeading')}</h2>
          ${inputField({ name: 'name', label: say('name'), value: form.name, problems: problems.get('name'), attributes: html` autocomplete="name" required` })}
          ${inputField({ name: 'email', label: say('email'), type: 'email', value: form.email, problems: problems.get('email') ?? undeliverable(visit, form), attributes: html` autocomplete="email" required` })}
          ${selectField({ name: 'timezone', label: say('timeZone'), value: form.timezone, choices: timeZones(), problems: problems.get('timezone') })}
          ${selectField({ name: 'language', label: say('language'), value: form.language, choices: LANGUAGE_CHOICES, problems: problems.get('language'), hint: say('languageHint') })}
          ${FIELDS.filter((field) => field.kind === 'birth_date').map(() =>
            inputField({
              name: 'birth_date',
              label: say('birthDate'),
              type: 'date',
              value: form.birth_date,
              problems: problems.get('birth_date'),
              attributes: html` autocomplete="bday" required`,
            }),
          )}
        </section>
        <section class="card" aria-labelledby="place-heading"><h2 id="place-heading">${say('placeHeading')}</h2>
          ${FIELDS.filter((field) => field.kind === 'place').map((field) => placeField(locale, field as Extract<ProfileField, { kind: 'place' }>, shown))}
        </section>
        ${[...groups].map(
          ([
            category,
            fields,
          ]) => html`<section class="card" aria-labelledby="group-${category}"><h2 id="group-${category}">${filterCategoryLabel(locale, category)}</h2>
            ${fields.map((field) =>
              choiceGroup({
                name: attributeField(field.slug),
                legend: filterLabel(locale, field.slug, field.name),
                type: 'checkbox',
                choices: optionsOf(locale, field.slug),
                checked: new Set((form[attributeField(field.slug)] ?? '').split('\n')),
                problems: problems.get(attributeField(field.slug)),
              }),
            )}
          </section>`,
        )}
        ${mailCard(visit, form)}
        <div class="actions"><button type="submit" class="primary">${say('save')}</button></div>
      </form>
      ${yourDataCard(locale)}`,
  });
  return status === 200 ? markup : { status, html: markup };
}

/**
 * A mail to the address failed for good (participants.mail_undeliverable_at, set by the mail job):
 * said beside the address, which a change clears.
 */
function undeliverable(visit: Visit, form: Record<string, string>): string[] | undefined {
  const failed = visit.participant.mail_undeliverable_at !== null;
  return !failed || form.email?.trim().toLowerCase() !== visit.participant.email
    ? undefined
    : [profileTexts.text(visit.locale, 'mailUndeliverable')];
}

/** The city the participant typed, when no suggestion was picked (pages work without scripts). */
function cityIdOf(
  locale: AnyLocale,
  form: Record<string, string>,
): { id: string | null; problem?: string } {
  const typed = (form.city_name ?? '').trim();
  if (typed === '') return { id: null };
  const picked = form.city_id?.trim();
  if (picked && filterOptionName(slugOf('city'), picked)?.toLowerCase() === typed.toLowerCase()) {
    return { id: picked };
  }
  const found = searchFilterOptions(slugOf('city'), {
    search: typed,
    page: 1,
    perPage: 10,
    countryId: form.country_id,
    stateId: form.state_id || undefined,
  })?.data;
  const exact = found?.find((city) => city.name.toLowerCase() === typed.toLowerCase());
  const city = exact ?? found?.[0];
  return city
    ? { id: city.id }
    : { id: null, problem: profileTexts.text(locale, 'cityNotFound', { typed }) };
}

/** The profile page, its save, and the option search its city field uses. */
export function profilePages(app: App, router: ParticipateRouter, context: AppContext) {
  const { db } = context.database;
  const secure = context.config.publicUrl.startsWith('https:');

  router.page('/profile', async (visit) =>
    profilePage(visit, { form: storedForm(visit.participant), problems: new Map() }),
  );

  router.action(
    '/profile',
    () => '/participate/profile',
    async (visit) => {
      const form = { ...visit.form };
      const countryChanged = form.country_id !== visit.participant.country_id;
      // A new country makes the old state and city meaningless: they are chosen again after.
      if (countryChanged) {
        form.state_id = '';
        form.city_name = '';
        form.city_id = '';
      }
      const say = profileTexts.say(visit.locale);
      const city = cityIdOf(visit.locale, form);
      const show = (problems: Map<string, string[]>, message: string, other?: string[]) =>
        profilePage(visit, { form, problems, message, other }, 400) as {
          status: number;
          html: Html;
        };
      if (city.problem) {
        return show(new Map([['city_id', [city.problem]]]), say('invalid'));
      }
      let saved: ParticipantRow;
      try {
        saved = await updateParticipantProfile(
          db,
          visit.participant,
          {
            name: form.name ?? '',
            email: (form.email ?? '').trim(),
            timezone: form.timezone ?? '',
            birth_date: form.birth_date ?? '',
            country_id: form.country_id ?? '',
            state_id: form.state_id || null,
            city_id: city.id,
            attributes: attributesFromForm(FIELDS, form),
            ...(isLocale(form.language) && { language: form.language }),
            ...(isNewStudies(form.new_studies) && {
              notifications: { new_studies: form.new_studies },
            }),
          },
          visit.now,
        );
      } catch (error) {
        if (!isDomainError(error) || error.name === 'NotFoundError') throw error;
        const { byField, other } = issuesByField(error.issues, FORM_FIELDS, visit.locale);
        if (error.name === 'ConflictError') {
          // The taken address's problem has no phrase (src/participants/accounts.ts): said here.
          if (visit.locale !== 'en') byField.set('email', [say('emailTaken')]);
          return show(byField, say('accountExists'), other);
        }
        const message =
          error.name === 'ValidationError'
            ? say('invalid')
            : problemOf(error, visit.locale).message;
        return show(byField, message, other);
      }
      // The language chosen here is the switcher's too: the signed-out pages keep to it.
      if (saved.language !== visit.participant.language) {
        visit.reply.setCookie(
          LANGUAGE_COOKIE,
          saved.language,
          cookieAttributes({ maxAgeSeconds: 365 * 24 * 60 * 60, secure, path: '/' }),
        );
      }
      // The notice is read on the next page, in the language just saved.
      const next = profileTexts.say(visit.locale === PSEUDO_LOCALE ? visit.locale : saved.language);
      return {
        redirect: '/participate/profile',
        notice: countryChanged ? next('savedNewCountry') : next('saved'),
      };
    },
  );

  // The city field's suggestions, as the API's option search finds them (accent-blind, alternate
  // names); signed-in participants only, as the page is.
  app.get('/options/:slug', { config: { auth: 'public' } }, async (request, reply) => {
    const visit = await router.visitOf(request, reply);
    if (!visit) return reply.code(401).send({ data: [] });
    const { slug } = request.params as { slug: string };
    const query = request.query as Record<string, string | undefined>;
    const page = searchFilterOptions(slug, {
      search: (query.search ?? '').slice(0, 100),
      page: 1,
      perPage: 20,
      countryId: query.country_id || undefined,
      stateId: query.state_id || undefined,
    });
    return reply.header('cache-control', 'no-store').send({ data: page?.data ?? [] });
  });
}
