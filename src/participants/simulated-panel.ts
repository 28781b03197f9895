import type { ApplicationAnswerInput, ParticipantScreeningQuestion } from '../screening/index.ts';
import { conditionsHold, gridCellValue } from '../screening/index.ts';
import type { SignupBody } from './profile.ts';
import type { ParticipantFields } from './store.ts';

/**
 * A simulated panel for `cohort demo` and the screening benchmark: believable profiles, and a
 * participant who fills in a screener the way a person does, from what the participant API shows
 * (display conditions and skip rules honoured, never grading information). Deterministic for a
 * seed, so a demo can be replayed.
 */

export type Random = () => number;

/** mulberry32: small, fast, and good enough to vary a demo. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function sample<T>(random: Random, items: readonly T[], min = 1): T[] {
  const chosen = items.filter(() => random() < 0.5);
  while (chosen.length < Math.min(min, items.length)) {
    const item = pick(random, items);
    if (!chosen.includes(item)) chosen.push(item);
  }
  return items.filter((item) => chosen.includes(item));
}

/** Places whose ids the geography knows, with the tracker timezone a resident would use. */
const PLACES = [
  { country_id: 'US', state_id: 'US-CA', city_id: '5391959', timezone: 'America/Los_Angeles' },
  { country_id: 'US', state_id: 'US-NY', city_id: '5128581', timezone: 'America/New_York' },
  { country_id: 'US', state_id: 'US-TX', city_id: '4671654', timezone: 'America/Chicago' },
  { country_id: 'US', state_id: 'US-WA', city_id: '5809844', timezone: 'America/Los_Angeles' },
  { country_id: 'GB', state_id: null, city_id: '2643743', timezone: 'Europe/London' },
  { country_id: 'DE', state_id: 'DE-BE', city_id: '2950159', timezone: 'Europe/Berlin' },
  { country_id: 'DE', state_id: 'DE-BY', city_id: '2867714', timezone: 'Europe/Berlin' },
  { country_id: 'FR', state_id: null, city_id: '2988507', timezone: 'Europe/Paris' },
  { country_id: 'CA', state_id: 'CA-ON', city_id: '6167865', timezone: 'America/Toronto' },
  { country_id: 'IN', state_id: null, city_id: '1277333', timezone: 'Asia/Kolkata' },
] as const;

const FIRST_NAMES = [
  'Ana',
  'Ben',
  'Chloe',
  'Diego',
  'Emma',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Tariq',
  'Uma',
  'Victor',
  'Wen',
  'Yara',
  'Zoe',
];
const LAST_NAMES = [
  'Lima',
  'Novak',
  'Okafor',
  'Schmidt',
  'Tanaka',
  'Garcia',
  'Khan',
  'Müller',
  'Rossi',
  'Dubois',
  'Patel',
  'Kim',
  'Silva',
  'Johansson',
  'Nguyen',
  'Cohen',
  'Brown',
  'Haddad',
];
const COMPANIES = [
  'Acme Retail',
  'Globex',
  'Initech',
  'Umbrella Health',
  'Stark Logistics',
  'Wayne Finance',
  'Hooli',
  'Vandelay Imports',
  'Soylent Foods',
  'Tyrell Systems',
];
const ROLES = [
  'Product designer',
  'Software engineer',
  'Customer support lead',
  'Store manager',
  'Data analyst',
  'Marketing manager',
  'Operations coordinator',
  'Nurse',
];
const SCHOOLS = ['State University', 'Technical University', 'City College', 'Open University'];
const SENIORITIES = ['entry', 'mid', 'senior', 'manager', 'director'];
const INDUSTRIES = ['technology', 'retail', 'healthcare', 'financial_services', 'education'];
const GENDERS = ['female', 'male', 'non_binary'];

/** A sign-up body for one simulated person; `n` keeps emails unique within a run. */
export function simulatedProfile(random: Random, n: number, runId: string): SignupBody {
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const place = pick(random, PLACES);
  const year = 1960 + Math.floor(random() * 45);
  const month = String(1 + Math.floor(random() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
  const company = pick(random, COMPANIES);
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}.${runId}.${n}@panel.example`
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, ''),
    timezone: place.timezone,
    birth_date: `${year}-${month}-${day}`,
    linkedin_url:
      random() < 0.6 ? `https://www.linkedin.com/in/${first}-${last}-${n}`.toLowerCase() : null,
    country_id: place.country_id,
    state_id: place.state_id,
    city_id: place.city_id,
    attributes: {
      'multi_select--seniority': [pick(random, SENIORITIES)],
      'multi_select--industry': [pick(random, INDUSTRIES)],
      'multi_select--gender': [pick(random, GENDERS)],
      'multi_select--language': random() < 0.8 ? ['en'] : ['en', 'de'],
    },
    linked_accounts: random() < 0.7 ? ['linkedin'] : [],
    background: {
      experiences: [
        {
          company,
          role: pick(random, ROLES),
          started_at: `${2010 + Math.floor(random() * 12)}-0${1 + Math.floor(random() * 9)}`,
          ended_at: null,
          description: `Day-to-day work at ${company}; shops online most weeks.`,
        },
      ],
      educations: [{ school: pick(random, SCHOOLS), degree: 'BSc', major: null }],
    },
  };
}

const TYPED_ANSWERS = [
  'Finding the delivery date before paying',
  'Too many steps before I can pay',
  'I like seeing the total early',
  'Saved cards make it quick',
];

/**
 * Fills in a screener as the participant API shows it: questions whose display condition fails
 * are left out, skip rules jump ahead or end the screener, and every shown question gets a
 * plausible answer of the right form.
 */
export function answerScreener(
  questions: readonly ParticipantScreeningQuestion[],
  random: Random,
): ApplicationAnswerInput[] {
  const chosen = new Map<string, readonly string[] | null>();
  const answers: ApplicationAnswerInput[] = [];
  let resumeAt = 0;
  for (const [index, question] of questions.entries()) {
    const display = question.display_condition;
    if (
      index < resumeAt ||
      (display && !conditionsHold(display.conditions, display.join, chosen))
    ) {
      chosen.set(question.key, null);
      continue;
    }
    const answer = answerOne(question, random);
    chosen.set(question.key, answer.answer);
    answers.push(answer);
    const skip = (question.skip_rules ?? []).find((rule) =>
      conditionsHold(rule.conditions, rule.join, chosen),
    );
    if (skip) {
      const target =
        skip.target_question === null
          ? -1
          : questions.findIndex((q) => q.key === skip.target_question);
      resumeAt = target > index ? target : Number.POSITIVE_INFINITY;
    }
  }
  return answers;
}

function answerOne(question: ParticipantScreeningQuestion, random: Random): ApplicationAnswerInput {
  const texts = question.answers.map((a) => a.text);
  switch (question.pick) {
    case 'text':
      return { key: question.key, answer: [pick(random, TYPED_ANSWERS)] };
    case 'boolean':
      return { key: question.key, answer: [random() < 0.7 ? 'Yes' : 'No'] };
    case 'one':
      return withFreeText(question, [pick(random, texts)], random);
    case 'any':
      return withFreeText(question, sample(random, texts), random);
    case 'grid': {
      const grid = question.grid!;
      const cells = grid.rows.flatMap((row) =>
        grid.pick === 'one'
          ? [gridCellValue(row.text, pick(random, grid.columns).text)]
          : sample(random, grid.columns, 0).map((column) => gridCellValue(row.text, column.text)),
      );
      if (cells.length === 0 && grid.rows[0] && grid.columns[0]) {
        cells.push(gridCellValue(grid.rows[0].text, grid.columns[0].text));
      }
      return { key: question.key, answer: cells };
    }
  }
}

function withFreeText(
  question: ParticipantScreeningQuestion,
  answer: string[],
  random: Random,
): ApplicationAnswerInput {
  const writeIn = question.answers.some((a) => a.allow_free_text && answer.includes(a.text));
  return writeIn
    ? { key: question.key, answer, free_text: pick(random, TYPED_ANSWERS) }
    : { key: question.key, answer };
}

/*
 * The seeded panel (`cohort panel seed`, docs/decisions/0171-panel-seed.md): a participant drawn
 * from (seed, n) alone, so the same seed gives the same people, and seeding 1,000 then 1,000 more
 * gives the same panel as 2,000 at once. Places are drawn by population, ages from a panel's age
 * bands, each catalog attribute from its options' panel shares, and a record of decisions.
 */

/** Seeded participants' addresses: the reserved `.invalid` domain (RFC 2606) marks them. */
export const SEEDED_EMAIL_DOMAIN = 'panel.invalid';

/** Every place a seeded participant may live in, with running totals of population. */
export interface PanelPlaces {
  /** cumulative[i]: the population of places 0..i, for a draw by population. */
  cumulative: Float64Array;
  countryIds: readonly string[];
  stateIds: readonly (string | null)[];
  cityIds: readonly string[];
  timezones: readonly string[];
}

/** A fixed multi_select filter of the catalog and its options' panel shares. */
export interface PanelAttribute {
  slug: string;
  options: readonly { id: string; share: number }[];
}

export interface PanelCatalog {
  places: PanelPlaces;
  attributes: readonly PanelAttribute[];
}

/** A seeded participant's stored profile and record of decisions (migration 0026). */
export type SeededParticipant = ParticipantFields & {
  language: NonNullable<ParticipantFields['language']>;
  new_studies: NonNullable<ParticipantFields['new_studies']>;
  approved_submissions: number;
  decided_submissions: number;
  approval_rate: number | null;
  /** The audience index rows of `attributes`: slug, option id, slug, option id, ... */
  attributePairs: readonly string[];
};

/** Digits of a seeded address's member number: in order up to a billion participants a seed. */
const MEMBER_DIGITS = 9;
/** Ages are counted at this day, not today, so a seed draws the same birth dates every year. */
const AGE_REFERENCE_YEAR = 2025;
/** [lowest age, highest age, share]: roughly an online panel's age bands. */
const AGE_BANDS: readonly (readonly [number, number, number])[] = [
  [18, 24, 0.16],
  [25, 34, 0.27],
  [35, 44, 0.22],
  [45, 54, 0.16],
  [55, 64, 0.12],
  [65, 84, 0.07],
];
/** Part of the panel that filled in each attribute (gender is asked at sign-up, others later). */
const FILLED = 0.9;
const FILLED_GENDER = 0.98;
const NOT_WORKING = new Set(['unemployed', 'student', 'retired', 'homemaker']);
const PROFESSIONAL = new Set([
  'multi_select--industry',
  'multi_select--job_function',
  'multi_select--seniority',
  'multi_select--company_size',
]);
/** The spoken language of a country's people, where it is in the catalog; else English. */
const COUNTRY_LANGUAGE: Readonly<Record<string, string>> = {
  CN: 'zh',
  TW: 'zh',
  IN: 'hi',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  CO: 'es',
  PE: 'es',
  VE: 'es',
  CL: 'es',
  EC: 'es',
  GT: 'es',
  CU: 'es',
  BO: 'es',
  FR: 'fr',
  CD: 'fr',
  CI: 'fr',
  SN: 'fr',
  CM: 'fr',
  EG: 'ar',
  SA: 'ar',
  IQ: 'ar',
  DZ: 'ar',
  MA: 'ar',
  SY: 'ar',
  AE: 'ar',
  BD: 'bn',
  BR: 'pt',
  PT: 'pt',
  AO: 'pt',
  MZ: 'pt',
  RU: 'ru',
  BY: 'ru',
  KZ: 'ru',
  JP: 'ja',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  KR: 'ko',
  IT: 'it',
  TR: 'tr',
  VN: 'vi',
  PL: 'pl',
  NL: 'nl',
  UA: 'uk',
  ID: 'id',
  MY: 'ms',
  TH: 'th',
  IR: 'fa',
  SE: 'sv',
  IL: 'he',
  GR: 'el',
  CZ: 'cs',
  RO: 'ro',
  HU: 'hu',
  DK: 'da',
  FI: 'fi',
  NO: 'no',
  TZ: 'sw',
  KE: 'sw',
  LK: 'ta',
  PK: 'ur',
  PH: 'tl',
};
/** The language pages speak, where the country's is one of the app's. */
const COUNTRY_LOCALE: Readonly<Record<string, 'de' | 'fr' | 'es'>> = {
  DE: 'de',
  AT: 'de',
  CH: 'de',
  FR: 'fr',
  BE: 'fr',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  CO: 'es',
  PE: 'es',
  VE: 'es',
  CL: 'es',
  EC: 'es',
};
const ASCII_FIRST = FIRST_NAMES.map(ascii);
const ASCII_LAST = LAST_NAMES.map(ascii);

function ascii(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '');
}

/** One generator per (seed, n): a finalizer of both (murmur3's), so neighbours are unrelated. */
export function participantRandom(seed: number, n: number): Random {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return seededRandom(h ^ (h >>> 16));
}

/** The index of the first running total above a uniform draw of the whole. */
function drawByWeight(cumulative: Float64Array, random: Random): number {
  const target = random() * cumulative[cumulative.length - 1]!;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (cumulative[middle]! > target) high = middle;
    else low = middle + 1;
  }
  return low;
}

function drawOption(options: PanelAttribute['options'], random: Random): string {
  let total = 0;
  for (const option of options) total += option.share;
  let target = random() * total;
  for (const option of options) {
    target -= option.share;
    if (target < 0) return option.id;
  }
  return options[options.length - 1]!.id;
}

function drawAge(random: Random): number {
  let target = random();
  for (const [low, high, share] of AGE_BANDS) {
    target -= share;
    if (target < 0) return low + Math.floor(random() * (high - low + 1));
  }
  return 18 + Math.floor(random() * 60);
}

/** "MM-DD" of each day of a common year: a birth date without a Date per person. */
const MONTH_DAYS = Array.from({ length: 365 }, (_, day) =>
  new Date(Date.UTC(2001, 0, 1 + day)).toISOString().slice(5, 10),
);

/** A day in the year before their birthday in the reference year: aged `age` on 1 January. */
function birthDateAt(age: number, random: Random): string {
  return `${AGE_REFERENCE_YEAR - age - 1}-${MONTH_DAYS[Math.floor(random() * 365)]}`;
}

/**
 * Draws each catalog attribute into `pairs` (slug, option id, slug, option id, ...): the audience
 * index rows and, written out, the attributes JSON. Answers whether they work.
 */
function drawAttributes(
  catalog: PanelCatalog,
  random: Random,
  age: number,
  countryId: string,
  pairs: string[],
): boolean {
  let working = random() < 0.7;
  for (const { slug, options } of catalog.attributes) {
    if (random() >= (slug === 'multi_select--gender' ? FILLED_GENDER : FILLED)) continue;
    if (!working && PROFESSIONAL.has(slug)) continue;
    if (slug === 'multi_select--language') {
      const own = COUNTRY_LANGUAGE[countryId] ?? 'en';
      pairs.push(slug, own);
      if (own !== 'en' && random() < 0.45) pairs.push(slug, 'en');
      if (random() < 0.15) {
        const other = drawOption(options, random);
        if (other !== own && other !== 'en') pairs.push(slug, other);
      }
    } else if (slug === 'multi_select--employment_status') {
      let status: string;
      if (age >= 67 && random() < 0.75) status = 'retired';
      else if (age <= 24 && random() < 0.4) status = 'student';
      else {
        status = drawOption(options, random);
        if (status === 'retired' && age < 55) status = 'full_time';
      }
      working = !NOT_WORKING.has(status);
      pairs.push(slug, status);
    } else if (slug === 'multi_select--children') {
      const first = drawOption(options, random);
      const second = drawOption(options, random);
      pairs.push(slug, first);
      if (first !== 'none' && second !== 'none' && first !== second) pairs.push(slug, second);
    } else {
      pairs.push(slug, drawOption(options, random));
    }
  }
  return working;
}

/** {"slug":["id",...],...} from pairs grouped by slug (ids and slugs need no escaping). */
function attributesJson(pairs: readonly string[]): string {
  if (pairs.length === 0) return '{}';
  let json = '{';
  for (let i = 0; i < pairs.length; i += 2) {
    const slug = pairs[i]!;
    if (i > 0 && pairs[i - 2] === slug) json += `,"${pairs[i + 1]}"`;
    else json += `${i > 0 ? '],' : ''}"${slug}":["${pairs[i + 1]}"`;
  }
  return `${json}]}`;
}

const ROLE_JSON = ROLES.map((role) => JSON.stringify(role));
const COMPANY_JSON = COMPANIES.map((company) => JSON.stringify(company));
const SCHOOL_JSON = SCHOOLS.map((school) => JSON.stringify(school));

/**
 * The n-th participant of a seed: a valid profile (profileIssues finds nothing) with a record of
 * decisions: four in ten have none yet; the rest have 1 to 60 decisions, mostly few, approved at
 * a rate skewed high as on a working panel. `attributePairs` are the audience index rows of
 * `attributes`. Written for speed (a million are drawn in a seed): JSON is put together from
 * strings known to need no escaping.
 */
export function seededParticipant(
  catalog: PanelCatalog,
  seed: number,
  n: number,
): SeededParticipant {
  const random = participantRandom(seed, n);
  const first = Math.floor(random() * FIRST_NAMES.length);
  const last = Math.floor(random() * LAST_NAMES.length);
  const { places } = catalog;
  const place = drawByWeight(places.cumulative, random);
  const countryId = places.countryIds[place]!;
  const age = drawAge(random);
  const pairs: string[] = [];
  const working = drawAttributes(catalog, random, age, countryId, pairs);
  const handle = `${ASCII_FIRST[first]}.${ASCII_LAST[last]}.${n}`;
  const linkedin = working && random() < 0.5;
  // The member number leads the address, zero-padded, so addresses sort as they are written: the
  // unique indexes on email take each new one at their end instead of at a random page, which at a
  // million was most of a seed's time (docs/decisions/0188-panel-seed-in-order.md).
  const member = `m${String(n).padStart(MEMBER_DIGITS, '0')}.${ASCII_FIRST[first]}.${ASCII_LAST[last]}`;
  const decided = random() < 0.4 ? 0 : 1 + Math.floor(60 * random() ** 2);
  const approved =
    decided === 0
      ? 0
      : Math.min(decided, Math.round(decided * (1 - 0.4 * random() ** 3) + random() - 0.5));
  const drawNews = random();
  const experience = working
    ? `{"company":${COMPANY_JSON[Math.floor(random() * COMPANIES.length)]},"role":${ROLE_JSON[Math.floor(random() * ROLES.length)]},"started_at":"${AGE_REFERENCE_YEAR - 1 - Math.floor(random() * Math.min(age - 17, 30))}-0${1 + Math.floor(random() * 9)}","ended_at":null,"description":null}`
    : '';
  const education =
    random() < 0.6
      ? `{"school":${SCHOOL_JSON[Math.floor(random() * SCHOOLS.length)]},"degree":null,"major":null}`
      : '';
  return {
    name: `${FIRST_NAMES[first]} ${LAST_NAMES[last]}`,
    email: `${member}.s${seed}@${SEEDED_EMAIL_DOMAIN}`,
    linkedin_url: linkedin ? `https://www.linkedin.com/in/${handle.replaceAll('.', '-')}` : null,
    timezone: places.timezones[place]!,
    language: COUNTRY_LOCALE[countryId] ?? 'en',
    new_studies: drawNews < 0.75 ? 'each' : drawNews < 0.9 ? 'daily' : 'never',
    birth_date: birthDateAt(age, random),
    country_id: countryId,
    state_id: places.stateIds[place]!,
    city_id: places.cityIds[place]!,
    attributes: attributesJson(pairs),
    attributePairs: pairs,
    linked_accounts: linkedin ? '["linkedin"]' : '[]',
    background: `{"experiences":[${experience}],"educations":[${education}]}`,
    approved_submissions: approved,
    decided_submissions: decided,
    approval_rate: decided === 0 ? null : Math.floor((approved * 100) / decided),
  };
}
